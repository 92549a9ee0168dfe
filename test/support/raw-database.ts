import { openDatabase, type SqliteDatabase } from '../../src/main/store';

/**
 * A second connection to a store's database file, for what a test must see or do below the
 * repositories: rows no repository reads, or the state a crash would leave. The runtime itself
 * never reaches the database except through `Store`.
 */
export function rawDatabase(file: string): SqliteDatabase {
  return openDatabase(file);
}

/** Runs `work` on a second connection to `file`, then closes it. */
export function withRawDatabase<T>(file: string, work: (db: SqliteDatabase) => T): T {
  const db = rawDatabase(file);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
