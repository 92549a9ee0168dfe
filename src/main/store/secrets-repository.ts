import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../shared/domain/secrets';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

/** A secret's saved state; the secret store adds whether the environment supplies it. */
export type StoredSecretStatus = Omit<SecretStatus, 'environmentVariable'>;

interface SecretRow {
  name: string;
  updated_at: string;
}

/**
 * The row holding a known value encrypted with the secret key, to tell at start whether the key
 * is the one that encrypted this state. Not a SecretName, so no status lists it.
 */
const KEY_CHECK_NAME = '~key-check';

/** Encrypted secret blobs by name. Encryption happens before this layer (see SecretStore). */
export class SecretsRepository {
  readonly #upsert;
  readonly #delete;
  readonly #selectBlob;
  readonly #selectTimes;
  readonly #selectSecretBlobs;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#upsert = db.prepare<{ name: string; blob: Buffer; updatedAt: string }>(
      `INSERT INTO secrets (name, blob, updated_at) VALUES (@name, @blob, @updatedAt)
       ON CONFLICT (name) DO UPDATE SET blob = excluded.blob, updated_at = excluded.updated_at`,
    );
    this.#delete = db.prepare<[string]>('DELETE FROM secrets WHERE name = ?');
    this.#selectBlob = db.prepare<[string], { blob: Buffer }>('SELECT blob FROM secrets WHERE name = ?');
    this.#selectTimes = db.prepare<[], SecretRow>('SELECT name, updated_at FROM secrets');
    this.#selectSecretBlobs = db.prepare<[string], { blob: Buffer }>(
      'SELECT blob FROM secrets WHERE name != ?',
    );
  }

  keyCheck(): Buffer | null {
    return this.#selectBlob.get(KEY_CHECK_NAME)?.blob ?? null;
  }

  putKeyCheck(blob: Buffer): void {
    this.#upsert.run({ name: KEY_CHECK_NAME, blob, updatedAt: this.#now().toISOString() });
  }

  /** Every stored secret's blob, the key check left out. */
  secretBlobs(): Buffer[] {
    return this.#selectSecretBlobs.all(KEY_CHECK_NAME).map((row) => row.blob);
  }

  put(name: SecretName, blob: Buffer): void {
    this.#upsert.run({ name, blob, updatedAt: this.#now().toISOString() });
  }

  /** Returns whether a blob was stored. */
  delete(name: SecretName): boolean {
    return this.#delete.run(name).changes > 0;
  }

  getBlob(name: SecretName): Buffer | null {
    return this.#selectBlob.get(name)?.blob ?? null;
  }

  /** One status per known secret name, in `SECRET_NAMES` order; rows for retired names are ignored. */
  /** Whether each secret is saved, and when it changed; the environment is the secret store's to add. */
  listStatuses(): StoredSecretStatus[] {
    const updatedAtByName = new Map(this.#selectTimes.all().map((row) => [row.name, row.updated_at]));
    return SECRET_NAMES.map((name) => {
      const updatedAt = updatedAtByName.get(name) ?? null;
      return { name, isSet: updatedAt !== null, updatedAt };
    });
  }
}
