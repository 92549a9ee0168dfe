import type { Migration } from './migration';

/**
 * Drops the task log's index by kind and time (001): every row written paid for it, and nothing
 * needs it any more. The cost ledger, the only kind read over every agent, has its own index
 * (018), which its pruning and window reads use; the console's lists filtered by kind walk the
 * time or agent index newest first and stop at their page.
 */
export const migration028TaskLogWithoutKindIndex: Migration = {
  version: 28,
  name: 'task-log-without-kind-index',
  up(db) {
    db.exec('DROP INDEX task_log_by_kind');
  },
};
