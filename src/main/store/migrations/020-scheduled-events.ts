import type { Migration } from './migration';

/**
 * Scheduled self-instructions: an agent's reminders in one conversation, each due at an instant
 * (UTC), optionally repeating every `interval_seconds` for `remaining` more occurrences (null:
 * for ever). Firing moves `due_at` on (or deletes the row) in the transaction that writes the
 * turn it starts, and only the revision it read: an edit meanwhile (a new `revision`) wins.
 * `fired_count` and `last_fired_at` record what fired.
 */
export const migration020ScheduledEvents: Migration = {
  version: 20,
  name: 'scheduled-events',
  up(db) {
    db.exec(`
      CREATE TABLE scheduled_events (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        intent TEXT NOT NULL,
        due_at TEXT NOT NULL,
        interval_seconds INTEGER CHECK (interval_seconds IS NULL OR interval_seconds > 0),
        remaining INTEGER CHECK (remaining IS NULL OR remaining >= 1),
        revision INTEGER NOT NULL DEFAULT 1,
        fired_count INTEGER NOT NULL DEFAULT 0,
        last_fired_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id, id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX scheduled_events_due ON scheduled_events (network, due_at);
    `);
  },
};
