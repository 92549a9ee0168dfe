import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration005TelegramSessions } from '../../../../src/main/store/migrations/005-telegram-sessions';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  migration005TelegramSessions.up(db);
  return db;
}

const insert = `INSERT INTO telegram_sessions (config_name, server_scope, session_blob, user_json, updated_at)
  VALUES (?, ?, ?, ?, ?)`;

describe('migration 005 telegram sessions', () => {
  it('is version 5', () => {
    expect(migration005TelegramSessions.version).toBe(5);
  });

  it('creates the sessions table with the encrypted session as a blob', () => {
    const db = migrated();
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number }>(
        'SELECT name, type, "notnull" FROM pragma_table_info(\'telegram_sessions\')',
      )
      .all();
    expect(columns).toEqual([
      { name: 'config_name', type: 'TEXT', notnull: 1 },
      { name: 'server_scope', type: 'TEXT', notnull: 1 },
      { name: 'session_blob', type: 'BLOB', notnull: 1 },
      { name: 'user_json', type: 'TEXT', notnull: 1 },
      { name: 'updated_at', type: 'TEXT', notnull: 1 },
    ]);
    db.close();
  });

  it('keeps one login per agent and server, and the same agent on another server apart', () => {
    const db = migrated();
    const statement = db.prepare(insert);
    statement.run('Ada', 'production', Buffer.from([1, 2, 3]), '{}', 't');
    statement.run('Ada', 'test', Buffer.from([4]), '{}', 't');
    expect(() => statement.run('Ada', 'production', Buffer.from([5]), '{}', 't')).toThrow(/UNIQUE|PRIMARY/);
    expect(db.prepare('SELECT count(*) AS n FROM telegram_sessions').get()).toEqual({ n: 2 });
    db.close();
  });

  it('is strict: a session must be bytes, never text', () => {
    const db = migrated();
    expect(() => db.prepare(insert).run('Ada', 'production', 'plain text session', '{}', 't')).toThrow(
      /cannot store TEXT value in BLOB column/,
    );
    db.close();
  });
});
