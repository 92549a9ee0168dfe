import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;

/**
 * One step of the schema. `version` is the `PRAGMA user_version` the database has once `up` ran;
 * versions start at 1 and go up by one. A shipped migration is never edited: change the schema
 * with a new one.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: SqliteDatabase): void;
}
