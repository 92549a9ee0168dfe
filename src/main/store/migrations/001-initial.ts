import type { Migration } from './migration';

/**
 * The first tables: operator settings, encrypted secrets, per-agent runtime state and the task log.
 * Conversations, messages, task graphs, memories and prices arrive in later migrations.
 */
export const migration001Initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      -- One row per top-level settings key, so a damaged value costs only that key.
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      -- Blobs come from a SecretCipher; plaintext never reaches the database.
      CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        blob BLOB NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      -- login_state has no CHECK so a new state needs no table rebuild; the repository validates it.
      CREATE TABLE agent_state (
        config_name TEXT PRIMARY KEY,
        telegram_id INTEGER,
        enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        login_state TEXT NOT NULL DEFAULT 'logged-out',
        updated_at TEXT NOT NULL
      ) STRICT;

      -- What every agent did, and what each LLM call cost (action_kind 'llm_usage').
      -- timestamp is UTC ISO-8601 with milliseconds, so text order is time order.
      CREATE TABLE task_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        timestamp TEXT NOT NULL,
        agent_config_name TEXT NOT NULL,
        agent_telegram_id INTEGER,
        channel_id INTEGER,
        action_kind TEXT NOT NULL,
        task_identifier TEXT,
        details_json TEXT NOT NULL CHECK (json_valid(details_json)),
        failure_message TEXT
      ) STRICT;
      CREATE INDEX task_log_by_time ON task_log (timestamp);
      CREATE INDEX task_log_by_agent ON task_log (agent_config_name, timestamp);
      CREATE INDEX task_log_by_channel ON task_log (channel_id, timestamp);
      CREATE INDEX task_log_by_kind ON task_log (action_kind, timestamp);
    `);
  },
};
