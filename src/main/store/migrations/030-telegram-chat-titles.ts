import type { Migration } from './migration';

/**
 * The name each Telegram chat had when the agent last took a turn in it: a group's title, a
 * person's name. Telegram keeps them, not the archive, so views that outlive the connection (the
 * costs per conversation, the schedule's events) had only a number to show for a group.
 */
export const migration030TelegramChatTitles: Migration = {
  version: 30,
  name: 'telegram-chat-titles',
  up(db) {
    db.exec(`
      CREATE TABLE telegram_chat_titles (
        agent TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        title TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (agent, channel_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
