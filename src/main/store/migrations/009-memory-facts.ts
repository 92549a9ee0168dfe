import type { Migration } from './migration';

/**
 * Facts an agent knows about the people it talks to, with where each came from. A fact row is
 * never rewritten: a new value for a key supersedes the old row, a retraction marks it, so the
 * history stays. A full-text index (stems) lets recall find facts by their words.
 */
export const migration009MemoryFacts: Migration = {
  version: 9,
  name: 'memory-facts',
  up(db) {
    db.exec(`
      CREATE TABLE memory_facts (
        agent TEXT NOT NULL,
        network TEXT NOT NULL CHECK (network IN ('simulator', 'telegram')),
        partner_id INTEGER NOT NULL,
        id TEXT NOT NULL,
        category TEXT NOT NULL
          CHECK (category IN ('personal', 'location', 'work', 'preference', 'health', 'plan', 'general')),
        fact_key TEXT,
        content TEXT NOT NULL,
        source_channel_id INTEGER,
        source_message_ids TEXT NOT NULL DEFAULT '[]',
        written_by TEXT NOT NULL
          CHECK (written_by IN ('agent', 'extraction', 'reflection', 'operator', 'import')),
        written_at TEXT NOT NULL,
        superseded_by TEXT,
        superseded_at TEXT,
        retracted_at TEXT,
        UNIQUE (agent, network, partner_id, id)
      ) STRICT;
      CREATE INDEX memory_facts_by_partner ON memory_facts (agent, network, partner_id, fact_key);

      CREATE VIRTUAL TABLE memory_fact_stems USING fts5(
        content, content = 'memory_facts', content_rowid = 'rowid',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER memory_facts_indexed AFTER INSERT ON memory_facts BEGIN
        INSERT INTO memory_fact_stems (rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER memory_facts_unindexed AFTER DELETE ON memory_facts BEGIN
        INSERT INTO memory_fact_stems (memory_fact_stems, rowid, content) VALUES ('delete', old.rowid, old.content);
      END;

      -- How far each conversation's messages have been read for facts.
      CREATE TABLE memory_extraction_marks (
        agent TEXT NOT NULL,
        network TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        through_message_id INTEGER NOT NULL,
        PRIMARY KEY (agent, network, channel_id)
      ) STRICT;
    `);
  },
};
