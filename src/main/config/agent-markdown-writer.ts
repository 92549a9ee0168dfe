import type { AgentConfig } from '../../shared/domain/config';
import { modelNameProblem } from '../../shared/domain/model-names';
import { isPhoneNumber, PHONE_NUMBER_HINT } from '../../shared/domain/phone-number';
import { AGENT_SECTIONS, isUnsetWord, START_TYPING_DELAY_RANGE, TYPING_SPEED_RANGE } from './agent-sections';
import {
  demoteHeadingsOutsideCodeFences,
  hasUnclosedCodeFence,
  levelOneHeadingText,
} from './markdown-sections';
import { isValidTimeZone } from './time-zone';

/** What an agent file holds: the agent without where it was loaded from. */
export type AgentFileContent = Omit<AgentConfig, 'configName' | 'configDir' | 'file'>;

/** The agent cannot be written as a file that would read back as the same agent. */
export class UnwritableAgentError extends Error {
  override readonly name = 'UnwritableAgentError';

  /** The field whose value cannot be written; null until the writer knows it. */
  constructor(
    message: string,
    readonly field: keyof AgentFileContent | null = null,
  ) {
    super(message);
  }
}

/** Control characters (a NUL, a tab, an escape) a file shows as garbage, or a line break. */
const CONTROL_CHARACTER = /\p{Cc}/u;

function singleLine(heading: string, value: string, { required }: { required: boolean }): string | null {
  const trimmed = value.trim();
  if (trimmed.includes('\n') || trimmed.includes('\r')) {
    throw new UnwritableAgentError(`"${heading}" must fit on one line.`);
  }
  if (CONTROL_CHARACTER.test(trimmed)) {
    throw new UnwritableAgentError(`"${heading}" holds a control character; type it again without it.`);
  }
  if (trimmed === '' && required) throw new UnwritableAgentError(`"${heading}" must not be empty.`);
  if (levelOneHeadingText(trimmed) !== null || hasUnclosedCodeFence(trimmed)) {
    throw new UnwritableAgentError(
      `"${heading}" cannot be "${trimmed}": it would read as markdown structure.`,
    );
  }
  return trimmed === '' ? null : trimmed;
}

function lines(heading: string, entries: readonly string[]): string | null {
  const kept = entries
    .map((entry) => singleLine(heading, entry, { required: false }))
    .filter((entry) => entry !== null);
  return kept.length === 0 ? null : kept.join('\n');
}

function freeText(heading: string, value: string | null, { required }: { required: boolean }): string | null {
  const text = demoteHeadingsOutsideCodeFences(value ?? '').trim();
  if (text === '' && required) throw new UnwritableAgentError(`"${heading}" must not be empty.`);
  if (hasUnclosedCodeFence(text)) {
    throw new UnwritableAgentError(
      `"${heading}" opens a code fence (\`\`\` or ~~~) that is never closed; close it.`,
    );
  }
  return text === '' ? null : text;
}

function optionalWord(heading: string, value: string | null): string | null {
  const word = value === null ? null : singleLine(heading, value, { required: false });
  // "none" and "null" read back as unset, so writing one would silently change the agent.
  if (word !== null && isUnsetWord(word)) throw new UnwritableAgentError(`"${heading}" cannot be "${word}".`);
  return word;
}

/** A model name no provider takes would fail every turn: refused here, with what to write. */
function modelName(heading: string, value: string | null): string | null {
  const name = optionalWord(heading, value);
  const problem = name === null ? null : modelNameProblem(name);
  if (problem !== null) throw new UnwritableAgentError(problem);
  return name;
}

function boundedNumber(
  heading: string,
  value: number | null,
  range: { min: number; max: number },
): string | null {
  if (value === null) return null;
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    throw new UnwritableAgentError(`"${heading}" must be from ${range.min} to ${range.max}, not ${value}.`);
  }
  return String(value);
}

type Rendered = string | boolean | null;
type FieldRenderers = { [K in keyof AgentFileContent]: (value: AgentFileContent[K]) => Rendered };

/**
 * Each field's section value as written: a string under its heading, `true` for a bare flag
 * heading, null (or false) for no section. Throws `UnwritableAgentError` for a value that would
 * not read back unchanged.
 */
const RENDERERS: FieldRenderers = {
  name: (value) => singleLine(AGENT_SECTIONS.name, value, { required: true }),
  phone: (value) => {
    const phone = singleLine(AGENT_SECTIONS.phone, value, { required: true });
    if (phone !== null && !isPhoneNumber(phone)) throw new UnwritableAgentError(PHONE_NUMBER_HINT);
    return phone;
  },
  telegramId: (value) => {
    if (value === null) return null;
    if (!Number.isSafeInteger(value)) {
      throw new UnwritableAgentError(`"${AGENT_SECTIONS.telegramId}" must be a whole number.`, 'telegramId');
    }
    return String(value);
  },
  timezone: (value) => {
    const timezone = optionalWord(AGENT_SECTIONS.timezone, value);
    if (timezone !== null && !isValidTimeZone(timezone)) {
      throw new UnwritableAgentError(`"${timezone}" is not an IANA time zone.`, 'timezone');
    }
    return timezone;
  },
  llm: (value) => modelName(AGENT_SECTIONS.llm, value),
  memoryLlm: (value) => modelName(AGENT_SECTIONS.memoryLlm, value),
  stickerSets: (value) => lines(AGENT_SECTIONS.stickerSets, value),
  rolePrompts: (value) => lines(AGENT_SECTIONS.rolePrompts, value),
  startTypingDelay: (value) =>
    boundedNumber(AGENT_SECTIONS.startTypingDelay, value, START_TYPING_DELAY_RANGE),
  typingSpeed: (value) => boundedNumber(AGENT_SECTIONS.typingSpeed, value, TYPING_SPEED_RANGE),
  dailySchedule: (value) => freeText(AGENT_SECTIONS.dailySchedule, value, { required: false }),
  instructions: (value) => freeText(AGENT_SECTIONS.instructions, value, { required: true }),
  resetContextOnFirstMessage: (value) => value,
  clearSummariesOnFirstMessage: (value) => value,
  gagged: (value) => value,
  disabled: (value) => value,
};

/** The fields in the order a written file lists their sections. */
export const AGENT_FIELD_ORDER = Object.keys(RENDERERS) as (keyof AgentFileContent)[];

/** A field's section value as written (see RENDERERS); the error names the field. */
export function renderAgentField<K extends keyof AgentFileContent>(
  field: K,
  value: AgentFileContent[K],
): Rendered {
  try {
    return RENDERERS[field](value);
  } catch (error) {
    if (error instanceof UnwritableAgentError && error.field === null)
      throw new UnwritableAgentError(error.message, field);
    throw error;
  }
}

/** The lines of a section: `# Heading` and, unless a bare flag, a blank line and the value. */
export function sectionLines(heading: string, value: string | true): string[] {
  return value === true ? [`# ${heading}`] : [`# ${heading}`, '', ...value.split('\n')];
}

/**
 * Renders an agent as a complete agent file: each set section as `# Heading`, a blank line, the
 * value and a blank line, in a fixed order; presence flags as a bare heading. Level-1 headings in
 * the free-text sections are demoted to `##` so they stay inside their section. Throws
 * `UnwritableAgentError` for values that would not read back unchanged (a multi-line name, a
 * typing speed out of range, an unknown time zone, …).
 */
export function writeAgentMarkdown(agent: AgentFileContent): string {
  return AGENT_FIELD_ORDER.flatMap((field) => {
    const value = renderAgentField(field, agent[field]);
    if (value === null || value === false) return [];
    return [`${sectionLines(AGENT_SECTIONS[field], value).join('\n')}\n`];
  }).join('\n');
}
