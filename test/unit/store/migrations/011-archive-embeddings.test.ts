import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration006ConversationArchive } from '../../../../src/main/store/migrations/006-conversation-archive';
import { migration011ArchiveEmbeddings } from '../../../../src/main/store/migrations/011-archive-embeddings';

const insert = `INSERT INTO archive_messages (agent, network, channel_id, message_id, is_agent, sent_at, text,
  parts_json, archived_at) VALUES ('Ada', 'telegram', 1, ?, 0, 't', ?, '[]', 't')`;

describe('migration 011 archive embeddings', () => {
  it('is version 11', () => {
    expect(migration011ArchiveEmbeddings.version).toBe(11);
  });

  it('marks a message whose text changed, or that is gone, for embedding again', () => {
    const db = new BetterSqlite3(':memory:');
    migration006ConversationArchive.up(db);
    migration011ArchiveEmbeddings.up(db);
    db.prepare(insert).run(1, 'one');
    db.prepare(insert).run(2, 'two');
    db.prepare(insert).run(3, 'three');
    const stale = () =>
      (
        db.prepare('SELECT message_rowid FROM archive_embedding_stale ORDER BY 1').all() as {
          message_rowid: number;
        }[]
      ).map((row) => row.message_rowid);
    expect(stale()).toEqual([]);
    db.prepare("UPDATE archive_messages SET deleted_at = 'x' WHERE message_id = 1").run();
    expect(stale()).toEqual([]);
    db.prepare("UPDATE archive_messages SET text = 'TWO' WHERE message_id = 2").run();
    db.prepare('DELETE FROM archive_messages WHERE message_id = 3').run();
    expect(stale()).toEqual([2, 3]);
    db.prepare(
      "INSERT INTO embedding_spaces (model, dimensions, created_at) VALUES ('ollama:m', 768, 't')",
    ).run();
    expect(() =>
      db
        .prepare("INSERT INTO embedding_spaces (model, dimensions, created_at) VALUES ('ollama:m', 3, 't')")
        .run(),
    ).toThrow(/UNIQUE/);
    db.close();
  });
});
