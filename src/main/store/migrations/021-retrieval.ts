import type { Migration } from './migration';

/**
 * Retrieval: the page cache (one row per normalized URL, shared by every agent, for an hour) and
 * the documents each conversation retrieved, kept for the turns that follow until they expire, so
 * a replan or a restart does not lose them.
 */
export const migration021Retrieval: Migration = {
  version: 21,
  name: 'retrieval',
  up(db) {
    db.exec(`
      CREATE TABLE retrieval_cache (
        url_key TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        readable INTEGER NOT NULL CHECK (readable IN (0, 1)),
        status INTEGER,
        bytes INTEGER NOT NULL,
        fetched_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX retrieval_cache_by_fetch ON retrieval_cache (fetched_at);

      CREATE TABLE retrieved_documents (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        channel_id INTEGER NOT NULL,
        url TEXT NOT NULL,
        text TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        PRIMARY KEY (agent, network, channel_id, url)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX retrieved_documents_by_expiry ON retrieved_documents (expires_at);
    `);
  },
};
