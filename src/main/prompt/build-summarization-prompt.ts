import type { AgentConfig } from '../../shared/domain/config';
import type { ChatInfo } from '../../shared/domain/conversation';
import type { MemorySummary } from '../../shared/domain/memory';
import { assemblePrompt, type BuiltPrompt, presentSections } from './built-prompt';
import { channelDetailsSection } from './channel-details';
import { currentTimeSection } from './current-time-section';
import { isCapabilityPrompt, operatorSections, templateSubstitution } from './operator-sections';
import { promptSection } from './section';
import { currentSummariesSection } from './summary-sections';

/** A summarization call may only think and write summaries, whatever its prompt enables. */
export const SUMMARIZATION_TASK_KINDS = ['think', 'summarize'] as const;

export interface SummarizationPromptInput {
  agent: AgentConfig;
  agentId: number | null;
  chat: ChatInfo;
  /** The text of the Instructions-Summarize prompt. */
  instructions: string;
  /** The agent's role prompts; capability prompts (Task-*) are left out, the persona stays. */
  rolePrompts: readonly { name: string; text: string }[];
  summaries: readonly MemorySummary[];
  /** The first and last message ids the call is to summarize. */
  range: { first: number; last: number };
  now: Date;
  timeZone: string;
}

/**
 * The prompt of a summarization call: the summarize instructions, who the agent is (so the
 * summary is written from its side), the chat, and the summaries so far; the messages follow as
 * the history, and the turn context names the range to cover.
 */
export function buildSummarizationPrompt(input: SummarizationPromptInput): BuiltPrompt {
  const { agent, chat } = input;
  const substitute = templateSubstitution(agent, input.agentId, chat);
  const sections = presentSections([
    ...operatorSections(
      {
        instructionsName: 'Instructions-Summarize',
        instructions: input.instructions,
        agent,
        rolePrompts: input.rolePrompts.filter((role) => !isCapabilityPrompt(role.name)),
      },
      substitute,
    ),
    channelDetailsSection(chat),
    currentSummariesSection(input.summaries),
  ]);
  const task = promptSection(
    'summarize-range',
    'What to summarize',
    `# What To Summarize\n\nThe history above holds messages ${input.range.first} to ${input.range.last}, which no summary covers yet. Write \`summarize\` tasks that cover them, one per topic or stretch of time, each with the first and last message id it covers.`,
    false,
  );
  const turnSections = presentSections([currentTimeSection(input.now, input.timeZone), task]);
  return assemblePrompt(sections, turnSections, [...SUMMARIZATION_TASK_KINDS]);
}
