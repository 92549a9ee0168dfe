import type { Migration } from './migration';

/**
 * Every LLM exchange of every conversation (the request's sections and turns as sent, the raw
 * reply, model, tokens, cost, latency), with the task that made it: the provenance of what the
 * agent said. Kept within a retention window (days and a count per agent) pruned in the
 * background; an exchange too large to keep whole is stored cut down and marked.
 */
export const migration015ExchangeHistory: Migration = {
  version: 15,
  name: 'exchange-history',
  up(db) {
    db.exec(`
      CREATE TABLE llm_exchange_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        task_id TEXT,
        at TEXT NOT NULL,
        exchange_json TEXT NOT NULL CHECK (json_valid(exchange_json)),
        truncated INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1))
      ) STRICT;
      CREATE INDEX llm_exchange_history_by_chat ON llm_exchange_history (agent, network, channel_id, id);
      CREATE INDEX llm_exchange_history_by_agent ON llm_exchange_history (agent, id);
      CREATE INDEX llm_exchange_history_by_time ON llm_exchange_history (at);
    `);
  },
};
