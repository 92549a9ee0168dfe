import type { Migration } from './migration';

/**
 * The Simulator's chats: simulated people, direct chats and groups per agent, their messages,
 * reactions, read states, the agent's blocklist, history clears and sent idempotency keys.
 * The SQL that reads and writes them lives with the Simulator (src/main/simulator).
 */
export const migration002Simulator: Migration = {
  version: 2,
  name: 'simulator',
  up(db) {
    db.exec(`
      -- Counters that only go up, so a person or group id is never handed out twice.
      CREATE TABLE sim_counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      ) STRICT;

      -- A person belongs to the agent the operator created them for.
      CREATE TABLE sim_people (
        id INTEGER PRIMARY KEY,
        agent TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT,
        username TEXT,
        bio TEXT,
        blocks_agent INTEGER NOT NULL DEFAULT 0 CHECK (blocks_agent IN (0, 1)),
        created_at TEXT NOT NULL
      ) STRICT;
      -- Usernames are unique, as on Telegram, among the people an agent can meet.
      CREATE UNIQUE INDEX sim_people_by_username ON sim_people (agent, username COLLATE NOCASE)
        WHERE username IS NOT NULL;

      -- Message ids count up per chat and never restart, even after the history is deleted:
      -- last_message_id is the last one handed out. agent_read_up_to is the agent's read state;
      -- people_read_up_to is how far people have read the agent's messages.
      CREATE TABLE sim_chats (
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('direct', 'group')),
        title TEXT,
        muted INTEGER NOT NULL DEFAULT 0 CHECK (muted IN (0, 1)),
        last_message_id INTEGER NOT NULL DEFAULT 0,
        agent_read_up_to INTEGER NOT NULL DEFAULT 0,
        people_read_up_to INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        PRIMARY KEY (agent, channel_id),
        CHECK ((kind = 'group') = (title IS NOT NULL))
      ) STRICT;

      CREATE TABLE sim_members (
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        person_id INTEGER NOT NULL REFERENCES sim_people (id),
        read_up_to INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (agent, channel_id, person_id),
        FOREIGN KEY (agent, channel_id) REFERENCES sim_chats (agent, channel_id) ON DELETE CASCADE
      ) STRICT;

      -- sender_person_id NULL: the agent sent it. hidden_for_agent: the agent deleted the history
      -- without revoking, so the people still have the message and the agent no longer sees it.
      -- mention_unread: an inbound mention the agent has not cleared yet.
      CREATE TABLE sim_messages (
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        sender_person_id INTEGER REFERENCES sim_people (id),
        reply_to INTEGER,
        parts_json TEXT NOT NULL CHECK (json_valid(parts_json)),
        mentioned INTEGER NOT NULL DEFAULT 0 CHECK (mentioned IN (0, 1)),
        mention_unread INTEGER NOT NULL DEFAULT 0 CHECK (mention_unread IN (0, 1)),
        hidden_for_agent INTEGER NOT NULL DEFAULT 0 CHECK (hidden_for_agent IN (0, 1)),
        sent_at TEXT NOT NULL,
        edited_at TEXT,
        PRIMARY KEY (agent, channel_id, message_id),
        FOREIGN KEY (agent, channel_id) REFERENCES sim_chats (agent, channel_id) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;

      -- One reaction per reactor and message; person_id NULL is the agent's own reaction.
      -- unread: a person's reaction on an agent message the agent has not cleared yet.
      -- seq orders reactions by when they were (last) set.
      CREATE TABLE sim_reactions (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        person_id INTEGER REFERENCES sim_people (id),
        emoji TEXT NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
        reacted_at TEXT NOT NULL,
        FOREIGN KEY (agent, channel_id, message_id)
          REFERENCES sim_messages (agent, channel_id, message_id) ON DELETE CASCADE
      ) STRICT;
      CREATE UNIQUE INDEX sim_reactions_by_reactor
        ON sim_reactions (agent, channel_id, message_id, ifnull(person_id, 0));

      -- Kept when the history is deleted, so a resend after a clear still finds its message id.
      CREATE TABLE sim_sent_keys (
        agent TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        sent_at TEXT NOT NULL,
        PRIMARY KEY (agent, idempotency_key)
      ) STRICT, WITHOUT ROWID;

      -- The agent's blocklist, by user id.
      CREATE TABLE sim_blocked (
        agent TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        blocked_at TEXT NOT NULL,
        PRIMARY KEY (agent, user_id)
      ) STRICT, WITHOUT ROWID;

      -- Every history deletion the agent made, and whether it was revoked for the people too.
      CREATE TABLE sim_history_clears (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        up_to_message_id INTEGER NOT NULL,
        revoke INTEGER NOT NULL CHECK (revoke IN (0, 1)),
        cleared_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
