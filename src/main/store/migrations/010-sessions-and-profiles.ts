import type { Migration } from './migration';

/**
 * What memory work writes besides facts: topic summaries of each quiet stretch of a conversation
 * (for recall; unlike conversation summaries they never shorten the prompt's history), the
 * narrative profile nightly reflection keeps of each person, and how far each kind of work has
 * read each conversation (and, for reflection, which night it last ran).
 */
export const migration010SessionsAndProfiles: Migration = {
  version: 10,
  name: 'sessions-and-profiles',
  up(db) {
    db.exec(`
      CREATE TABLE session_summaries (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        topic TEXT NOT NULL,
        content TEXT NOT NULL,
        min_message_id INTEGER NOT NULL,
        max_message_id INTEGER NOT NULL CHECK (max_message_id >= min_message_id),
        first_at TEXT NOT NULL,
        last_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (agent, network, channel_id, id)
      ) STRICT;
      CREATE INDEX session_summaries_by_time ON session_summaries (agent, network, channel_id, last_at);

      CREATE TABLE memory_profiles (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        partner_id INTEGER NOT NULL,
        profile TEXT NOT NULL,
        written_by TEXT NOT NULL CHECK (written_by IN ('reflection', 'operator')),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, partner_id)
      ) STRICT;

      CREATE TABLE memory_work_marks (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        work TEXT NOT NULL CHECK (work IN ('session', 'reflection')),
        through_message_id INTEGER NOT NULL,
        -- Reflection: the agent's local date of the night it last ran for the conversation.
        night TEXT,
        PRIMARY KEY (agent, network, channel_id, work)
      ) STRICT;
    `);
  },
};
