import type { Migration } from './migration';

/**
 * Vectors of archived messages, for memory recall to find what was said in other words. Each
 * embedding model is a space of its own (vectors of two models never compare), registered here
 * with its dimensions and how far through the archive (by row id) its vectors go. The vectors
 * themselves live in a sqlite-vec `vec0` table per space, made when the space is (its dimensions
 * are the model's, known at its first answer) by `ArchiveVectorRepository`, which loads the
 * extension. An edited or deleted message is marked stale, to be embedded again or dropped.
 */
export const migration011ArchiveEmbeddings: Migration = {
  version: 11,
  name: 'archive-embeddings',
  up(db) {
    db.exec(`
      CREATE TABLE embedding_spaces (
        id INTEGER PRIMARY KEY,
        model TEXT NOT NULL UNIQUE,
        dimensions INTEGER NOT NULL CHECK (dimensions > 0),
        embedded_through INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE archive_embedding_stale (message_rowid INTEGER PRIMARY KEY) STRICT;

      CREATE TRIGGER archive_messages_embedding_stale AFTER UPDATE OF text ON archive_messages BEGIN
        INSERT OR IGNORE INTO archive_embedding_stale (message_rowid) VALUES (new.rowid);
      END;
      CREATE TRIGGER archive_messages_embedding_gone AFTER DELETE ON archive_messages BEGIN
        INSERT OR IGNORE INTO archive_embedding_stale (message_rowid) VALUES (old.rowid);
      END;
    `);
  },
};
