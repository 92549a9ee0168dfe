import type { SqliteDatabase } from './migrations/migration';
import { RecentMap } from './recent-map';

/** How many keys a cache keeps unless told otherwise; past it, the one read longest ago goes. */
const DEFAULT_KEYS_KEPT = 10_000;

/** Every cache of a connection, for clearing them all at once. */
const cachesOf = new WeakMap<SqliteDatabase, Set<ReadCache<unknown>>>();

/**
 * What a repository read, kept by key so that reads a turn makes again and again cost a lookup.
 * The repository forgets a key when it writes what the key read. A read inside a transaction,
 * which may still roll back, keeps nothing. Every cache of a connection is cleared together when
 * its tables change behind the repositories' backs (`forgetReads`).
 */
export class ReadCache<V> {
  readonly #db: SqliteDatabase;
  readonly #values: RecentMap<V>;

  constructor(db: SqliteDatabase, keysKept = DEFAULT_KEYS_KEPT) {
    this.#db = db;
    this.#values = new RecentMap(keysKept);
    let caches = cachesOf.get(db);
    if (!caches) {
      caches = new Set();
      cachesOf.set(db, caches);
    }
    caches.add(this as ReadCache<unknown>);
  }

  /** The value kept under `key`, else what `load` reads (kept, outside a transaction). */
  read(key: string, load: () => V): V {
    // `has` first: a kept value may be undefined (what was read was nothing).
    if (this.#values.has(key)) return this.#values.get(key) as V;
    const value = load();
    if (!this.#db.inTransaction) this.#values.set(key, value);
    return value;
  }

  forget(key: string): void {
    this.#values.delete(key);
  }

  clear(): void {
    this.#values.clear();
  }
}

/** Clears every read cache of the connection: its tables changed other than through them. */
export function forgetReads(db: SqliteDatabase): void {
  for (const cache of cachesOf.get(db) ?? []) cache.clear();
}

/**
 * Returns a check that says whether another connection has committed since it last ran: another
 * process on the same database (as `troupe simulate` beside the app), whose writes no cache of
 * this connection saw. SQLite's data version tells, in one small read.
 */
export function writesElsewhereWatch(db: SqliteDatabase): () => boolean {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  return () => {
    const now = dataVersion.get();
    if (now === seen) return false;
    seen = now;
    return true;
  };
}
