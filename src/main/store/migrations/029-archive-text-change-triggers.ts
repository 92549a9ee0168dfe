import type { Migration } from './migration';

/**
 * The archive re-indexes a message, and marks its embedding stale, only when its text changed.
 *
 * `AFTER UPDATE OF text` fires for every update that names the column, whatever the value: the
 * archive's upsert names it whenever any part of a row changes. The agent's own message is
 * archived as sent, without the sender's name the network later shows, so the next turn's
 * history filled the name in and the message was taken out of both full-text indexes, put back
 * word for word, and queued to be embedded again: ~10 of the pages a reply wrote, and an
 * embedding call for every message the agent sent.
 */
export const migration029ArchiveTextChangeTriggers: Migration = {
  version: 29,
  name: 'archive-text-change-triggers',
  up(db) {
    db.exec(`
      DROP TRIGGER archive_messages_reindexed;
      DROP TRIGGER archive_messages_embedding_stale;

      CREATE TRIGGER archive_messages_reindexed AFTER UPDATE OF text ON archive_messages
        WHEN old.text IS NOT new.text
          AND NOT EXISTS (SELECT 1 FROM archive_unindexed WHERE message_rowid = old.rowid)
      BEGIN
        INSERT INTO archive_words (archive_words, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_stems (archive_stems, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_words (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
        INSERT INTO archive_stems (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
      END;
      CREATE TRIGGER archive_messages_embedding_stale AFTER UPDATE OF text ON archive_messages
        WHEN old.text IS NOT new.text
      BEGIN
        INSERT OR IGNORE INTO archive_embedding_stale (message_rowid) VALUES (new.rowid);
      END;
    `);
  },
};
