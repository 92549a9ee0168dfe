import type { Migration } from './migration';

/**
 * Archived messages are indexed for full-text search in batches, not one transaction at a time.
 *
 * FTS5 writes a new segment, its structure record and its merges at the end of every
 * transaction that adds to an index: with two indexes that was ~17 of the ~80 pages each reply
 * wrote to the log. A new message now only queues its row id in `archive_unindexed`; the
 * runtime indexes the queue about once a second (`ArchiveIndexQueue.indexPending`), and recall
 * indexes it first when the chat it searches has queued messages it could find.
 *
 * A queued row is not in the indexes yet, so telling FTS5 to delete it would corrupt them: an
 * edit of a queued message changes nothing (it is indexed as it reads when its turn comes), and
 * a deleted one leaves the queue. Rows queued before this migration were indexed by the old
 * trigger, so the queue starts empty.
 */
export const migration027ArchiveIndexQueue: Migration = {
  version: 27,
  name: 'archive-index-queue',
  up(db) {
    const queued = 'EXISTS (SELECT 1 FROM archive_unindexed WHERE message_rowid = old.rowid)';
    db.exec(`
      -- The chat and message id are copied so that asking whether a chat has queued messages
      -- reads the queue alone: it is a second of messages, and one row is a few bytes.
      CREATE TABLE archive_unindexed (
        message_rowid INTEGER PRIMARY KEY,
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL
      ) STRICT;

      DROP TRIGGER archive_messages_indexed;
      DROP TRIGGER archive_messages_reindexed;
      DROP TRIGGER archive_messages_unindexed;

      CREATE TRIGGER archive_messages_indexed AFTER INSERT ON archive_messages BEGIN
        INSERT INTO archive_unindexed (message_rowid, agent, network, channel_id, message_id)
          VALUES (new.rowid, new.agent, new.network, new.channel_id, new.message_id);
      END;
      CREATE TRIGGER archive_messages_reindexed AFTER UPDATE OF text ON archive_messages
        WHEN NOT ${queued}
      BEGIN
        INSERT INTO archive_words (archive_words, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_stems (archive_stems, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_words (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
        INSERT INTO archive_stems (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
      END;
      CREATE TRIGGER archive_messages_unindexed AFTER DELETE ON archive_messages BEGIN
        INSERT INTO archive_words (archive_words, rowid, text, scope)
          SELECT 'delete', old.rowid, old.text, old.scope WHERE NOT ${queued};
        INSERT INTO archive_stems (archive_stems, rowid, text, scope)
          SELECT 'delete', old.rowid, old.text, old.scope WHERE NOT ${queued};
        DELETE FROM archive_unindexed WHERE message_rowid = old.rowid;
      END;
    `);
  },
};
