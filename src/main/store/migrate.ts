import type { Logger } from '../logging';
import type { Migration, SqliteDatabase } from './migrations/migration';

/** The database was written by a newer Troupe; opening it with this one could lose data. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly knownVersion: number,
  ) {
    super(
      `The database has schema version ${databaseVersion}, but this Troupe knows versions up to ${knownVersion}. ` +
        'It was written by a newer Troupe: upgrade Troupe, or use another state directory.',
    );
    this.name = 'SchemaTooNewError';
  }
}

export function readSchemaVersion(db: SqliteDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertContiguous(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migration "${migration.name}" has version ${migration.version}; expected ${index + 1} (versions start at 1, step 1).`,
      );
    }
  });
}

/**
 * Brings the schema to the last migration. Each migration and its version bump share one
 * transaction, so a failing migration leaves the database at the previous version.
 */
export function applyMigrations(
  db: SqliteDatabase,
  migrations: readonly Migration[],
  logger?: Logger,
): number {
  assertContiguous(migrations);
  const knownVersion = migrations.length;
  const startVersion = readSchemaVersion(db);
  if (startVersion > knownVersion) throw new SchemaTooNewError(startVersion, knownVersion);

  for (const migration of migrations.slice(startVersion)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    logger?.info({ version: migration.version, migration: migration.name }, 'applied migration');
  }
  return knownVersion;
}
