import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { chatScopeToken } from '../../../../src/main/store';
import { migration006ConversationArchive } from '../../../../src/main/store/migrations/006-conversation-archive';
import { migration008RecallIndexes } from '../../../../src/main/store/migrations/008-recall-indexes';

const insert = `INSERT INTO archive_messages (agent, network, channel_id, message_id, is_agent, sent_at, text,
  parts_json, archived_at) VALUES (?, 'telegram', ?, ?, 0, 't', ?, '[]', 't')`;

function count(db: BetterSqlite3.Database, table: string, query: string): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(query) as { n: number })
    .n;
}

describe('migration 008 recall indexes', () => {
  it('is version 8', () => {
    expect(migration008RecallIndexes.version).toBe(8);
  });

  it('reindexes the archived messages with their chat, which a query can require', () => {
    const db = new BetterSqlite3(':memory:');
    migration006ConversationArchive.up(db);
    db.prepare(insert).run('Ada', -1001234567890, 1, 'the old harbour');
    db.prepare(insert).run('Ada', 42, 2, 'a harbour at night');
    migration008RecallIndexes.up(db);
    db.prepare(insert).run('Zoë Ann', 42, 3, 'harbours everywhere');

    const inChat = (agent: string, channelId: number) =>
      `scope : "${chatScopeToken({ agent, network: 'telegram', channelId })}" AND text : "harbour"`;
    expect(count(db, 'archive_words', inChat('Ada', -1001234567890))).toBe(1);
    expect(count(db, 'archive_words', inChat('Ada', 42))).toBe(1);
    expect(count(db, 'archive_stems', inChat('Zoë Ann', 42))).toBe(1);
    expect(count(db, 'archive_words', inChat('Zoë Ann', 42))).toBe(0);
    expect(count(db, 'archive_words', 'text : "harbour"')).toBe(2);

    db.prepare("UPDATE archive_messages SET text = 'the new station' WHERE message_id = 1").run();
    expect(count(db, 'archive_stems', inChat('Ada', -1001234567890))).toBe(0);
    db.prepare('DELETE FROM archive_messages WHERE message_id = 2').run();
    expect(count(db, 'archive_words', 'harbour')).toBe(0);
    db.close();
  });

  it('finds a chat’s messages by send time through an index', () => {
    const db = new BetterSqlite3(':memory:');
    migration006ConversationArchive.up(db);
    migration008RecallIndexes.up(db);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT message_id FROM archive_messages
         WHERE agent = 'Ada' AND network = 'telegram' AND channel_id = 1 AND sent_at >= 'a' AND sent_at < 'b'`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toContain('archive_messages_by_time');
    db.close();
  });
});
