import type { Migration } from './migration';

/**
 * How far the agent has read each conversation: the newest message a turn of its read. What is
 * at or before it was answered, whatever the network's read state says (a read receipt can fail).
 */
export const migration024ConversationReadMarks: Migration = {
  version: 24,
  name: 'conversation-read-marks',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_read_marks (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        read_through INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
