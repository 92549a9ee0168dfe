import type { Migration } from './migration';

/**
 * What memory recall needs of the archive to stay fast on large archives.
 *
 * A chat's search must not cost the whole archive: a full-text match of a common word used to
 * find it in every chat of every agent, rank every hit, then keep the chat's. So each message's
 * chat is also indexed, as one token per agent, network and chat (`scope`, a virtual column: the
 * hex of "agent network channel", prefixed so it never reads as a word), and a recall query is
 * `scope : "<token>" AND text : (...)`: FTS5 intersects the two lists and ranks only the chat's
 * hits. Both indexes are rebuilt with the new column.
 *
 * Recall also asks "what was said on March 3": an index on the send time per chat.
 */
export const migration008RecallIndexes: Migration = {
  version: 8,
  name: 'recall-indexes',
  up(db) {
    db.exec(`
      ALTER TABLE archive_messages ADD COLUMN scope TEXT
        GENERATED ALWAYS AS ('k' || hex(agent || ' ' || network || ' ' || channel_id)) VIRTUAL;

      DROP TRIGGER archive_messages_indexed;
      DROP TRIGGER archive_messages_reindexed;
      DROP TRIGGER archive_messages_unindexed;
      DROP TABLE archive_words;
      DROP TABLE archive_stems;

      CREATE VIRTUAL TABLE archive_words USING fts5(
        text, scope, content = 'archive_messages', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE VIRTUAL TABLE archive_stems USING fts5(
        text, scope, content = 'archive_messages', content_rowid = 'rowid',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      INSERT INTO archive_words (archive_words) VALUES ('rebuild');
      INSERT INTO archive_stems (archive_stems) VALUES ('rebuild');

      CREATE TRIGGER archive_messages_indexed AFTER INSERT ON archive_messages BEGIN
        INSERT INTO archive_words (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
        INSERT INTO archive_stems (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
      END;
      CREATE TRIGGER archive_messages_reindexed AFTER UPDATE OF text ON archive_messages BEGIN
        INSERT INTO archive_words (archive_words, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_stems (archive_stems, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_words (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
        INSERT INTO archive_stems (rowid, text, scope) VALUES (new.rowid, new.text, new.scope);
      END;
      CREATE TRIGGER archive_messages_unindexed AFTER DELETE ON archive_messages BEGIN
        INSERT INTO archive_words (archive_words, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
        INSERT INTO archive_stems (archive_stems, rowid, text, scope)
          VALUES ('delete', old.rowid, old.text, old.scope);
      END;

      CREATE INDEX archive_messages_by_time ON archive_messages (agent, network, channel_id, sent_at);
    `);
  },
};
