import type { Migration } from './migration';

/**
 * Conversation summaries: what stretches of a chat were about, each with the message ids and
 * dates it covers, so the prompt can show the summaries and leave the messages they cover out.
 */
export const migration007ConversationSummaries: Migration = {
  version: 7,
  name: 'conversation-summaries',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_summaries (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        content TEXT NOT NULL,
        min_message_id INTEGER NOT NULL,
        max_message_id INTEGER NOT NULL CHECK (max_message_id >= min_message_id),
        first_message_date TEXT,
        last_message_date TEXT,
        created TEXT NOT NULL,
        origin TEXT NOT NULL
          CHECK (origin IN ('summarizer', 'agent', 'consolidation', 'operator', 'import')),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id, id)
      ) STRICT;
      CREATE INDEX conversation_summaries_by_range
        ON conversation_summaries (agent, network, channel_id, min_message_id);
    `);
  },
};
