export {
  type LlmPrice,
  type LlmPriceInput,
  LlmPriceInputSchema,
  LlmPriceSchema,
} from '../../shared/domain/prices';
export {
  AGENT_NAME_COLUMNS,
  type AgentRowCounts,
  AgentRowsConflictError,
  AgentRowsRepository,
  COPIED_AGENT_NAME_COLUMNS,
} from './agent-rows-repository';
export {
  type AgentStateChange,
  AgentStateConflictError,
  AgentStateRepository,
  defaultAgentState,
} from './agent-state-repository';
export {
  type AgentSteering,
  AgentSteeringRepository,
  DEFAULT_AGENT_STEERING,
} from './agent-steering-repository';
export { ArchiveImportRepository } from './archive-import-repository';
export { ArchiveIndexQueue } from './archive-index-queue';
export {
  ArchiveRecallRepository,
  chatScopeToken,
  type RecallMatch,
  type RecallSearch,
  type SentPeriod,
} from './archive-recall-repository';
export {
  type ArchivedMessage,
  type ArchivedMessageInput,
  type ArchiveIndex,
  ArchiveRepository,
} from './archive-repository';
export {
  ArchiveVectorRepository,
  type EmbeddingSpace,
  type NearMessage,
  type PendingMessage,
} from './archive-vector-repository';
export type { Now } from './clock';
export { DATABASE_FILE_NAME, openDatabase, type SqliteDatabase } from './database';
export {
  type ConversationSettings,
  DEFAULT_CONVERSATION_SETTINGS,
  EngineConversationSettingsRepository,
} from './engine-conversation-settings-repository';
export { EngineGraphRepository } from './engine-graph-repository';
export { EngineMemoryRepository, type MemoryOwner } from './engine-memory-repository';
export {
  EngineOutboundJournalRepository,
  type OutboundKind,
  type OutboundSendEntry,
} from './engine-outbound-journal-repository';
export { ExchangeHistoryRepository } from './exchange-history-repository';
export {
  type FactMatch,
  type FactOwner,
  type FactPerson,
  FactRepository,
  type NewFact,
} from './fact-repository';
export { LlmPriceRepository } from './llm-price-repository';
export {
  type CachedMedia,
  type CachedMediaInput,
  MediaDescriptionRepository,
} from './media-description-repository';
export { MediaJobRepository } from './media-job-repository';
export { SchemaTooNewError } from './migrate';
export { type CachedPage, RetrievalRepository, type RetrievedDocumentRecord } from './retrieval-repository';
export { ScheduleRepository, type StoredSchedule } from './schedule-repository';
export {
  type NextOccurrence,
  type ScheduledEvent,
  type ScheduledEventFields,
  ScheduledEventRepository,
} from './scheduled-event-repository';
export { SecretsRepository } from './secrets-repository';
export {
  type MemoryWorkKind,
  SessionMemoryRepository,
  type WorkMark,
} from './session-repository';
export { SettingsRepository } from './settings-repository';
export type { SimulatorFile, SimulatorTables } from './simulator';
export type {
  ChatKey,
  ChatRow,
  ChatUnreadRow,
  HistoryRange,
  MemberRow,
  MessageRow,
  NewChat,
  NewMessage,
  NewPerson,
  PersonRow,
  ReactionRow,
} from './simulator/simulator-rows';
export { type OpenStoreOptions, openStore, type Store } from './store';
export { SummaryRepository } from './summary-repository';
export {
  LEDGER_ACTION_KIND,
  LEDGER_RETENTION_DAYS,
  type NewTaskLogEntry,
  TASK_LOG_RETENTION_DAYS,
  type TaskLogDetails,
  type TaskLogEntry,
  type TaskLogQuery,
  TaskLogRepository,
  taskLogRetentionCutoff,
} from './task-log-repository';
export { type StoredTelegramSession, TelegramSessionRepository } from './telegram-session-repository';
export {
  type TranslationKey,
  TranslationRepository,
  type TranslationScope,
} from './translation-repository';
export { type DayOffset, type UsageAggregates, type UsageFilter, UsageRepository } from './usage-repository';
