import type { Migration } from './migration';

/**
 * The conversation engine's state: task graphs, the outbound-send journal, the agent's property
 * entries (memories, intentions, notes, plans), per-conversation settings and the last LLM
 * exchange of each conversation. A conversation is (agent config name, network, channel id).
 */
export const migration003Engine: Migration = {
  version: 3,
  name: 'engine',
  up(db) {
    db.exec(`
      -- One graph per conversation; replanning replaces the row's id, the nodes stay.
      CREATE TABLE task_graphs (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL UNIQUE,
        context_json TEXT NOT NULL CHECK (json_valid(context_json)),
        created_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id)
      ) STRICT;

      -- position keeps insertion order, which is the order ready tasks run in.
      CREATE TABLE task_nodes (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        position INTEGER NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'done', 'failed', 'cancelled')),
        params_json TEXT NOT NULL CHECK (json_valid(params_json)),
        depends_on_json TEXT NOT NULL CHECK (json_valid(depends_on_json)),
        retries INTEGER NOT NULL DEFAULT 0 CHECK (retries >= 0),
        wait_until TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id, id),
        FOREIGN KEY (agent, network, channel_id) REFERENCES task_graphs (agent, network, channel_id)
          ON DELETE CASCADE
      ) STRICT;

      -- Written before an outbound message goes out; message_id once it has. A row with a key and no
      -- message id after a crash is re-sent with the same key, which the network de-duplicates.
      CREATE TABLE outbound_sends (
        idempotency_key TEXT PRIMARY KEY,
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        task_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        created_at TEXT NOT NULL,
        message_id INTEGER,
        sent_at TEXT,
        UNIQUE (agent, network, channel_id, task_id)
      ) STRICT;

      -- Memories and intentions belong to the agent (channel_id 0); notes and plans to one channel.
      -- position keeps an entry's place in the list when it is updated.
      CREATE TABLE memory_entries (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('memory', 'intention', 'note', 'plan')),
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        position INTEGER NOT NULL,
        content TEXT NOT NULL,
        created TEXT NOT NULL,
        creation_channel_id INTEGER,
        creation_channel_name TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, scope, channel_id, id)
      ) STRICT;

      -- NULL means "as the agent's default" for every column.
      CREATE TABLE conversation_settings (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        llm_override TEXT,
        gagged_override INTEGER CHECK (gagged_override IN (0, 1)),
        reply_policy TEXT CHECK (reply_policy IN ('callouts', 'every-message')),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id)
      ) STRICT;

      -- The last LLM call of each conversation, for the Playground's inspector.
      CREATE TABLE llm_exchanges (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        at TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        sections_json TEXT NOT NULL CHECK (json_valid(sections_json)),
        turns_json TEXT NOT NULL CHECK (json_valid(turns_json)),
        raw_reply TEXT,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        cached_tokens INTEGER NOT NULL,
        cost_usd REAL,
        latency_ms REAL NOT NULL,
        error TEXT,
        PRIMARY KEY (agent, network, channel_id)
      ) STRICT;
    `);
  },
};
