import type { SqliteDatabase } from '../migrations/migration';

/** A file a person sent in the Simulator. */
export interface SimulatorFile {
  uniqueId: string;
  fileName: string | null;
  mimeType: string | null;
  bytes: Uint8Array;
}

/**
 * The bytes of files sent in the Simulator (migration 012), by unique id. The id is derived from
 * the content, so the same file sent twice is stored once, as Telegram keeps one file.
 */
export class SimulatorFilesRepository {
  readonly #get;
  readonly #insert;

  constructor(db: SqliteDatabase) {
    this.#get = db.prepare<
      [string],
      { unique_id: string; file_name: string | null; mime_type: string | null; bytes: Buffer }
    >('SELECT unique_id, file_name, mime_type, bytes FROM sim_files WHERE unique_id = ?');
    this.#insert = db.prepare<SimulatorFile & { createdAt: string }>(
      `INSERT INTO sim_files (unique_id, file_name, mime_type, bytes, created_at)
       VALUES (@uniqueId, @fileName, @mimeType, @bytes, @createdAt) ON CONFLICT (unique_id) DO NOTHING`,
    );
  }

  get(uniqueId: string): SimulatorFile | null {
    const row = this.#get.get(uniqueId);
    if (!row) return null;
    return { uniqueId: row.unique_id, fileName: row.file_name, mimeType: row.mime_type, bytes: row.bytes };
  }

  put(file: SimulatorFile, createdAt: string): void {
    this.#insert.run({ ...file, bytes: Buffer.from(file.bytes), createdAt });
  }
}
