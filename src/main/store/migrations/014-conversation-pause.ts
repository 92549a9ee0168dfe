import type { Migration } from './migration';

/**
 * A conversation the operator paused: the engine keeps its plan and takes its messages, and runs
 * nothing of it (no turn, no send) until it is resumed.
 */
export const migration014ConversationPause: Migration = {
  version: 14,
  name: 'conversation-pause',
  up(db) {
    db.exec(`
      ALTER TABLE conversation_settings
        ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
    `);
  },
};
