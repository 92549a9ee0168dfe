import { existsSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME, openDatabase, SchemaTooNewError } from '../../../src/main/store';
import { applyMigrations, readSchemaVersion } from '../../../src/main/store/migrate';
import { MIGRATIONS } from '../../../src/main/store/migrations';
import type { Migration } from '../../../src/main/store/migrations/migration';
import { tempDirsPerTest } from '../../support/helpers';

const tempDir = tempDirsPerTest();
const LATEST = MIGRATIONS.length;

function tableNames(db: BetterSqlite3.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

describe('openDatabase', () => {
  it('uses WAL, foreign keys, NORMAL sync and a busy timeout on a file database', () => {
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const db = openDatabase(file);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
      db.prepare("INSERT INTO settings VALUES ('k', '1', 'now')").run();
      expect(existsSync(`${file}-wal`)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('brings a fresh database to the latest version', () => {
    const db = openDatabase(':memory:');
    expect(readSchemaVersion(db)).toBe(LATEST);
    db.close();
  });

  it('reopens an up-to-date database without migrating again or losing data', () => {
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const first = openDatabase(file);
    first.prepare("INSERT INTO settings VALUES ('configPath', '[]', 'then')").run();
    const tablesBefore = tableNames(first);
    first.close();

    const second = openDatabase(file);
    expect(readSchemaVersion(second)).toBe(LATEST);
    expect(tableNames(second)).toEqual(tablesBefore);
    expect(second.prepare('SELECT count(*) AS n FROM settings').get()).toEqual({ n: 1 });
    second.close();
  });

  it('refuses a database written by a newer Troupe, and leaves it untouched', () => {
    const file = join(tempDir(), DATABASE_FILE_NAME);
    const future = new BetterSqlite3(file);
    future.pragma(`user_version = ${LATEST + 1}`);
    future.close();

    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(file)).toThrow(
      `schema version ${LATEST + 1}, but this Troupe knows versions up to ${LATEST}`,
    );
    const check = new BetterSqlite3(file);
    expect(readSchemaVersion(check)).toBe(LATEST + 1);
    expect(tableNames(check)).toEqual([]);
    check.close();
  });
});

describe('applyMigrations', () => {
  const createTable = (version: number, table: string): Migration => ({
    version,
    name: `create-${table}`,
    up: (db) => db.exec(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY)`),
  });

  it('runs pending migrations in order, from the current version', () => {
    const db = new BetterSqlite3(':memory:');
    const ran: number[] = [];
    const tracked = (migration: Migration): Migration => ({
      ...migration,
      up: (target) => {
        ran.push(migration.version);
        migration.up(target);
      },
    });
    applyMigrations(db, [tracked(createTable(1, 'a'))]);
    applyMigrations(db, [
      tracked(createTable(1, 'a')),
      tracked(createTable(2, 'b')),
      tracked(createTable(3, 'c')),
    ]);
    expect(ran).toEqual([1, 2, 3]);
    expect(readSchemaVersion(db)).toBe(3);
    db.close();
  });

  it('rolls a failing migration back and keeps the previous version', () => {
    const db = new BetterSqlite3(':memory:');
    const failing: Migration = {
      version: 2,
      name: 'half-done',
      up: (target) => {
        target.exec('CREATE TABLE half (id INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => applyMigrations(db, [createTable(1, 'a'), failing])).toThrow('boom');
    expect(readSchemaVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['a']);
    db.close();
  });

  it('rejects a migration list with a gap', () => {
    const db = new BetterSqlite3(':memory:');
    expect(() => applyMigrations(db, [createTable(1, 'a'), createTable(3, 'c')])).toThrow(/expected 2/);
    expect(readSchemaVersion(db)).toBe(0);
    db.close();
  });
});
