/** What agents remember: the conversation archive, property entries, summaries, facts, session summaries, reflection and recall. */
export { fromArchivedMessage, searchableText } from './archive-message';
export { archiveDeletion, archivedSince, archiveMessages } from './conversation-archive';
export { normalizeCreated } from './entries/created-time';
export {
  applyPropertyEntryTask,
  isPropertyEntryKind,
  memoryOwner,
} from './entries/property-entries';
export { extractFacts, FACT_EXTRACTION_QUIET_MS } from './facts/extract-facts';
export { rememberFact } from './facts/remember-fact';
export {
  ExportFormatError,
  type HistoryImportProgress,
  type HistoryImportReport,
  type ImportedChat,
  ImportMismatchError,
  importTelegramHistory,
} from './history-import';
export {
  MemoryEditError,
  putEntryAsOperator,
  putFactAsOperator,
  putSummaryAsOperator,
} from './operator-edits';
export { startArchiveEmbedding } from './recall/embed-archive';
export { type RecalledItem, type RecallRequest, recallMemory } from './recall/recall';
export { renderRecalledMemory } from './recall/render';
export { latestNight, type ReflectionNight } from './reflection/night';
export { type ReflectionRequest, type ReflectionResult, reflectOnPerson } from './reflection/reflect';
export { SESSION_QUIET_MS, summarizeSession } from './sessions/summarize-session';
export { applySummarizeTask, type CoverableMessage } from './summaries/apply-summary';
export { summarizeConversation } from './summaries/summarize-conversation';
export type { SummarizeRequest, SummarizeResult } from './summaries/summarizer-types';
export { automaticSummaryBatch, SUMMARY_POLICY, unsummarized } from './summaries/summary-policy';
