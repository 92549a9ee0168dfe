export {
  type AgentStateChange,
  AgentStateConflictError,
  AgentStateRepository,
  defaultAgentState,
} from './agent-state-repository';
export type { Now } from './clock';
export { DATABASE_FILE_NAME, openDatabase, type SqliteDatabase } from './database';
export { SchemaTooNewError } from './migrate';
export { SecretsRepository } from './secrets-repository';
export { SettingsRepository } from './settings-repository';
export { type OpenStoreOptions, openStore, type Store } from './store';
export {
  type NewTaskLogEntry,
  TASK_LOG_RETENTION_DAYS,
  type TaskLogDetails,
  type TaskLogEntry,
  type TaskLogQuery,
  TaskLogRepository,
  taskLogRetentionCutoff,
} from './task-log-repository';
