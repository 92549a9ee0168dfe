/** The system prompt: its sections, their cache-friendly order, and the reply schema they allow. */

export { buildSchedulePrompt, SCHEDULE_TASK_KINDS, type SchedulePromptInput } from './build-schedule-prompt';
export {
  buildSummarizationPrompt,
  SUMMARIZATION_TASK_KINDS,
  type SummarizationPromptInput,
} from './build-summarization-prompt';
export {
  type BuiltPrompt,
  buildSystemPrompt,
  enabledTaskKinds,
  SCHEDULE_ROLE_PROMPT,
  type SystemPromptInput,
} from './build-system-prompt';
export type { KnownPerson } from './fact-sections';
export { unchangedPrefixShare } from './prefix-share';
export type { RetrievedDocumentText, TurnRetrieval } from './retrieved-documents-section';
export type { PromptSection } from './section';
export type { TurnContext } from './turn-instructions';
