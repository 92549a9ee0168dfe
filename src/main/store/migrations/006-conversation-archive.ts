import type { Migration } from './migration';

/**
 * The conversation archive: every message an agent saw or sent, per agent, network and chat,
 * keyed by the network's message id, with two full-text indexes over its searchable text: one
 * that matches words as written (diacritics folded), one that matches their stems (Porter), so a
 * search finds "ran" in "running" and "Zoe" in "Zoë".
 */
export const migration006ConversationArchive: Migration = {
  version: 6,
  name: 'conversation-archive',
  up(db) {
    db.exec(`
      -- text is what a search reads (words, media descriptions, service events); parts_json the
      -- message as the network gave it. A deleted message keeps its row, marked deleted_at.
      CREATE TABLE archive_messages (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        sender_id INTEGER,
        sender_name TEXT,
        is_agent INTEGER NOT NULL CHECK (is_agent IN (0, 1)),
        reply_to INTEGER,
        sent_at TEXT NOT NULL,
        edited_at TEXT,
        deleted_at TEXT,
        text TEXT NOT NULL,
        parts_json TEXT NOT NULL,
        archived_at TEXT NOT NULL,
        UNIQUE (agent, network, channel_id, message_id)
      ) STRICT;

      CREATE VIRTUAL TABLE archive_words USING fts5(
        text, content = 'archive_messages', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE VIRTUAL TABLE archive_stems USING fts5(
        text, content = 'archive_messages', content_rowid = 'rowid',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER archive_messages_indexed AFTER INSERT ON archive_messages BEGIN
        INSERT INTO archive_words (rowid, text) VALUES (new.rowid, new.text);
        INSERT INTO archive_stems (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER archive_messages_reindexed AFTER UPDATE OF text ON archive_messages BEGIN
        INSERT INTO archive_words (archive_words, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO archive_stems (archive_stems, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO archive_words (rowid, text) VALUES (new.rowid, new.text);
        INSERT INTO archive_stems (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER archive_messages_unindexed AFTER DELETE ON archive_messages BEGIN
        INSERT INTO archive_words (archive_words, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO archive_stems (archive_stems, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
    `);
  },
};
