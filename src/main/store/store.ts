import type { Logger } from '../logging';
import { AgentStateRepository } from './agent-state-repository';
import type { Now } from './clock';
import { openDatabase } from './database';
import { SecretsRepository } from './secrets-repository';
import { SettingsRepository } from './settings-repository';
import { TaskLogRepository } from './task-log-repository';

/** The runtime's one typed view of the database: a repository per aggregate. */
export interface Store {
  readonly settings: SettingsRepository;
  readonly secrets: SecretsRepository;
  readonly agentState: AgentStateRepository;
  readonly taskLog: TaskLogRepository;
  /** Runs `work` in one transaction across repositories; it commits when `work` returns. */
  transaction<T>(work: () => T): T;
  close(): void;
}

export interface OpenStoreOptions {
  /** Database file, or ':memory:'. */
  file: string;
  logger: Logger;
  now?: Now;
}

/** Opens and migrates the database, then builds the repositories over it. */
export function openStore(options: OpenStoreOptions): Store {
  const logger = options.logger.child({ module: 'store' });
  const db = openDatabase(options.file, { logger });
  const deps = options.now ? { now: options.now } : {};
  return {
    settings: new SettingsRepository(db, { logger, ...deps }),
    secrets: new SecretsRepository(db, deps),
    agentState: new AgentStateRepository(db, deps),
    taskLog: new TaskLogRepository(db, deps),
    transaction: (work) => db.transaction(work).immediate(),
    close: () => db.close(),
  };
}
