import type { AgentFields } from '../../../../../shared/api/agent-lifecycle-contract';
import type { AgentChanges, AgentConfig } from '../../../../../shared/domain/config';

/** The agent as the editor's fields hold it: text for what is typed, lists and switches as they are. */
export type AgentForm = {
  name: string;
  phone: string;
  timezone: string | null;
  llm: string;
  memoryLlm: string;
  rolePrompts: string[];
  stickerSets: string[];
  startTypingDelay: number | string;
  typingSpeed: number | string;
  dailySchedule: string;
  instructions: string;
  resetContextOnFirstMessage: boolean;
  clearSummariesOnFirstMessage: boolean;
  gagged: boolean;
  disabled: boolean;
};

/** The form holding an agent's fields (a loaded agent's, or a new agent's defaults). */
export function formOf(agent: AgentFields): AgentForm {
  return {
    name: agent.name,
    phone: agent.phone,
    timezone: agent.timezone,
    llm: agent.llm ?? '',
    memoryLlm: agent.memoryLlm ?? '',
    rolePrompts: agent.rolePrompts,
    stickerSets: agent.stickerSets,
    startTypingDelay: agent.startTypingDelay ?? '',
    typingSpeed: agent.typingSpeed ?? '',
    dailySchedule: agent.dailySchedule ?? '',
    instructions: agent.instructions,
    resetContextOnFirstMessage: agent.resetContextOnFirstMessage,
    clearSummariesOnFirstMessage: agent.clearSummariesOnFirstMessage,
    gagged: agent.gagged,
    disabled: agent.disabled,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** The form as the agent's fields: empty text is "not set". */
export function fieldsOf(form: AgentForm): AgentFields {
  return {
    name: form.name,
    phone: form.phone,
    timezone: form.timezone,
    llm: orNull(form.llm),
    memoryLlm: orNull(form.memoryLlm),
    rolePrompts: form.rolePrompts,
    stickerSets: form.stickerSets,
    startTypingDelay: numberOrNull(form.startTypingDelay),
    typingSpeed: numberOrNull(form.typingSpeed),
    dailySchedule: orNull(form.dailySchedule),
    instructions: form.instructions,
    resetContextOnFirstMessage: form.resetContextOnFirstMessage,
    clearSummariesOnFirstMessage: form.clearSummariesOnFirstMessage,
    gagged: form.gagged,
    disabled: form.disabled,
  };
}

/** Only what the operator changed, so the file's other sections are not touched at all. */
export function changesOf(agent: AgentConfig, form: AgentForm): AgentChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fieldsOf(form))) {
    if (JSON.stringify(value) !== JSON.stringify(agent[field as keyof AgentConfig])) changes[field] = value;
  }
  return changes as AgentChanges;
}

/** The API's field issues (`changes.<field>` of an edit, `fields.<field>` of a new agent) by field. */
export function formErrors(issues: Record<string, string>): Partial<Record<keyof AgentForm, string>> {
  const errors: Partial<Record<keyof AgentForm, string>> = {};
  for (const [path, message] of Object.entries(issues)) {
    const field = path.replace(/^(changes|fields)\./, '') as keyof AgentForm;
    errors[field] = message;
  }
  return errors;
}
