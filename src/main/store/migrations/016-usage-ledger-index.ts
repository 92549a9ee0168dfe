import type { Migration } from './migration';

/**
 * The cost ledger (task-log rows of kind `llm_usage`) of one agent by time, alone: the daily
 * spending check and an agent's cost views read its calls without stepping over the agent's
 * other task-log rows. A window over every agent is already served by `task_log_by_kind`.
 */
export const migration016UsageLedgerIndex: Migration = {
  version: 16,
  name: 'usage-ledger-index',
  up(db) {
    db.exec(`
      CREATE INDEX task_log_usage_by_agent ON task_log (agent_config_name, timestamp)
        WHERE action_kind = 'llm_usage';
    `);
  },
};
