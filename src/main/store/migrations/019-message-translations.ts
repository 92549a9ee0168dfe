import type { Migration } from './migration';

/**
 * Translations of conversation messages for the console, so each message is translated once per
 * language. Keyed by the message and a hash of its text: an edited message is translated again.
 */
export const migration019MessageTranslations: Migration = {
  version: 19,
  name: 'message-translations',
  up(db) {
    db.exec(`
      CREATE TABLE message_translations (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        text_hash TEXT NOT NULL,
        language TEXT NOT NULL,
        translation TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id, message_id, language, text_hash)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
