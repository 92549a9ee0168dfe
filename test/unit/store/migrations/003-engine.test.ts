import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration003Engine } from '../../../../src/main/store/migrations/003-engine';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  db.pragma('foreign_keys = ON');
  migration003Engine.up(db);
  return db;
}

function addGraph(db: BetterSqlite3.Database, channelId = 42): void {
  db.prepare(
    `INSERT INTO task_graphs (agent, network, channel_id, id, context_json, created_at)
     VALUES ('Ada', 'simulator', ?, ?, '{}', 'now')`,
  ).run(channelId, `recv-${channelId}`);
}

function addNode(db: BetterSqlite3.Database, status = 'pending', channelId = 42): void {
  db.prepare(
    `INSERT INTO task_nodes (agent, network, channel_id, id, position, kind, status, params_json, depends_on_json,
       created_at, updated_at)
     VALUES ('Ada', 'simulator', ?, 'send-1', 0, 'send', ?, '{}', '[]', 'now', 'now')`,
  ).run(channelId, status);
}

describe('migration 003 engine', () => {
  it('is version 3', () => {
    expect(migration003Engine.version).toBe(3);
  });

  it('creates the engine tables', () => {
    const db = migrated();
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(tables).toEqual([
      'conversation_settings',
      'llm_exchanges',
      'memory_entries',
      'outbound_sends',
      'task_graphs',
      'task_nodes',
    ]);
    db.close();
  });

  it('keeps one graph per conversation and deletes its nodes with it', () => {
    const db = migrated();
    addGraph(db);
    expect(() => addGraph(db)).toThrow(/UNIQUE|PRIMARY KEY/);
    addNode(db);
    db.prepare('DELETE FROM task_graphs').run();
    expect(db.prepare('SELECT count(*) AS n FROM task_nodes').get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses nodes without a graph and statuses the engine does not know', () => {
    const db = migrated();
    expect(() => addNode(db)).toThrow(/FOREIGN KEY/);
    addGraph(db);
    expect(() => addNode(db, 'sleeping')).toThrow(/CHECK/);
    db.close();
  });

  it('journals each send task once', () => {
    const db = migrated();
    const insert = db.prepare(
      `INSERT INTO outbound_sends (idempotency_key, agent, network, channel_id, task_id, kind, created_at)
       VALUES (?, 'Ada', 'simulator', 42, 'send-1', 'text', 'now')`,
    );
    insert.run('key-1');
    expect(() => insert.run('key-2')).toThrow(/UNIQUE/);
    db.close();
  });

  it('accepts only the known reply policies and memory scopes', () => {
    const db = migrated();
    expect(() =>
      db
        .prepare(
          "INSERT INTO conversation_settings (agent, network, channel_id, reply_policy, updated_at) VALUES ('Ada', 'simulator', 1, 'sometimes', 'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          `INSERT INTO memory_entries (agent, network, scope, channel_id, id, position, content, created, updated_at)
           VALUES ('Ada', 'simulator', 'dream', 0, 'm', 0, 'x', 'now', 'now')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });
});
