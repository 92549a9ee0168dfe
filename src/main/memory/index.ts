/** What agents remember: the conversation archive, property entries and summaries (and, as they arrive, facts and recall). */
export { searchableText, toArchivedMessage } from './archive-message';
export { archiveDeletion, archiveMessages } from './conversation-archive';
export { normalizeCreated } from './entries/created-time';
export {
  applyPropertyEntryTask,
  isPropertyEntryKind,
  memoryOwner,
  PROPERTY_ENTRY_SCOPES,
  type PropertyEntryKind,
} from './entries/property-entries';
export type { RecallKind } from './recall/candidate';
export { type RecalledItem, type RecallRequest, recallMemory } from './recall/recall';
export { renderRecalledMemory } from './recall/render';
export { applySummarizeTask, type CoverableMessage } from './summaries/apply-summary';
export { summarizeConversation } from './summaries/summarize-conversation';
export type { SummarizeRequest } from './summaries/summarizer-types';
export { automaticSummaryBatch, SUMMARY_POLICY, unsummarized } from './summaries/summary-policy';
