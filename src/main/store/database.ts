import BetterSqlite3 from 'better-sqlite3';
import type { Logger } from '../logging';
import { applyMigrations } from './migrate';
import { MIGRATIONS } from './migrations';
import type { SqliteDatabase } from './migrations/migration';

export type { SqliteDatabase } from './migrations/migration';

/** The database file's name inside the state directory. */
export const DATABASE_FILE_NAME = 'troupe.db';

/*
 * PLANNED_ONCE: parameters written `+@name`. SQLite plans a statement again on every call (each
 * call binds its parameters anew) when a parameter may change the best plan: here, one compared
 * by equality in a statement with an ORDER BY, or one given as a LIMIT. That costs about 5 µs for
 * a one-table read and 15–20 µs for a join, many times the read itself. A unary plus on the value
 * makes it an expression the planner does not look into: the same plan, index and order, and the
 * statement stays planned. The plus goes on the value, never on the column, which would lose the
 * index. The reads a turn makes are written so.
 */

/** How long a statement waits for another connection's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  logger?: Logger;
}

/**
 * Opens (creating when absent) the SQLite database at `file`, or an in-memory one for ':memory:',
 * and migrates it to the latest schema. Throws `SchemaTooNewError` for a database from a newer
 * Troupe. The caller owns the handle and closes it with `close()`.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const db = new BetterSqlite3(file);
  try {
    // WAL lets readers run while the runtime writes; NORMAL sync is durable across crashes in WAL
    // mode and only risks the last transactions on power loss.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    applyMigrations(db, MIGRATIONS, options.logger);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
