import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration006ConversationArchive } from '../../../../src/main/store/migrations/006-conversation-archive';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  migration006ConversationArchive.up(db);
  return db;
}

const insert = `INSERT INTO archive_messages (agent, network, channel_id, message_id, is_agent, sent_at, text,
  parts_json, archived_at) VALUES ('Ada', ?, 1, ?, 0, 't', ?, '[]', 't')`;

describe('migration 006 conversation archive', () => {
  it('is version 6', () => {
    expect(migration006ConversationArchive.version).toBe(6);
  });

  it('keeps one row per message of a chat and only known networks', () => {
    const db = migrated();
    const statement = db.prepare(insert);
    statement.run('simulator', 1, 'hello');
    expect(() => statement.run('simulator', 1, 'again')).toThrow(/UNIQUE/);
    expect(() => statement.run('irc', 2, 'hello')).toThrow(/CHECK/);
    db.close();
  });

  it('indexes through triggers: inserts, updates of the text and deletions', () => {
    const db = migrated();
    db.prepare(insert).run('simulator', 1, 'the old harbour');
    const found = (table: string, word: string) =>
      db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(word) as { n: number };
    expect(found('archive_words', 'harbour')).toEqual({ n: 1 });
    db.prepare("UPDATE archive_messages SET text = 'the new station'").run();
    expect(found('archive_stems', 'harbour')).toEqual({ n: 0 });
    expect(found('archive_stems', 'station')).toEqual({ n: 1 });
    db.prepare('DELETE FROM archive_messages').run();
    expect(found('archive_words', 'station')).toEqual({ n: 0 });
    db.close();
  });
});
