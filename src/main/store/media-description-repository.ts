import type { MediaKind, MediaStatus } from '../../shared/domain/config';
import type { MediaDescription } from '../../shared/domain/media';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

/** A cached description with where its bytes are (a file name in the cache folder). */
export interface CachedMedia extends MediaDescription {
  fileName: string;
  fileSize: number;
  /** The type Telegram gave, when the stored bytes say otherwise. */
  originalMimeType: string | null;
  /** The model that wrote the description, when one did. */
  model: string | null;
}

/** What a write gives; the times are the repository's. */
export type CachedMediaInput = Omit<CachedMedia, 'lastUsedAt' | 'updatedAt'>;

interface Row {
  unique_id: string;
  kind: string;
  description: string | null;
  status: string;
  failure_reason: string | null;
  mime_type: string | null;
  original_mime_type: string | null;
  file_name: string;
  file_size: number;
  duration: number | null;
  sticker_set_name: string | null;
  sticker_set_title: string | null;
  sticker_name: string | null;
  retry_count: number;
  model: string | null;
  last_used_at: string | null;
  updated_at: string;
}

function toCached(row: Row): CachedMedia {
  return {
    uniqueId: row.unique_id,
    kind: row.kind as MediaKind,
    description: row.description,
    status: row.status as MediaStatus,
    failureReason: row.failure_reason,
    mimeType: row.mime_type,
    originalMimeType: row.original_mime_type,
    fileName: row.file_name,
    fileSize: row.file_size,
    durationSeconds: row.duration,
    stickerSetName: row.sticker_set_name,
    stickerSetTitle: row.sticker_set_title,
    stickerName: row.sticker_name,
    retryCount: row.retry_count,
    model: row.model,
    lastUsedAt: row.last_used_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The media description cache (migration 012): one row per file unique id. The caller writes the
 * file's bytes first (see the media module's file store), so every row names a file that exists.
 */
export class MediaDescriptionRepository {
  readonly #now: Now;
  readonly #get;
  readonly #upsert;
  readonly #touch;
  readonly #delete;
  readonly #unusedSince;
  readonly #count;
  readonly #all;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#get = db.prepare<[string], Row>('SELECT * FROM media_descriptions WHERE unique_id = ?');
    this.#upsert = db.prepare(
      `INSERT INTO media_descriptions (unique_id, kind, description, status, failure_reason,
         mime_type, original_mime_type, file_name, file_size, duration, sticker_set_name,
         sticker_set_title, sticker_name, retry_count, model, created_at, updated_at)
       VALUES (@uniqueId, @kind, @description, @status, @failureReason, @mimeType,
         @originalMimeType, @fileName, @fileSize, @durationSeconds, @stickerSetName,
         @stickerSetTitle, @stickerName, @retryCount, @model, @at, @at)
       ON CONFLICT (unique_id) DO UPDATE SET
         kind = excluded.kind, description = excluded.description, status = excluded.status,
         failure_reason = excluded.failure_reason, mime_type = excluded.mime_type,
         original_mime_type = excluded.original_mime_type, file_name = excluded.file_name,
         file_size = excluded.file_size, duration = excluded.duration,
         sticker_set_name = excluded.sticker_set_name, sticker_set_title = excluded.sticker_set_title,
         sticker_name = excluded.sticker_name, retry_count = excluded.retry_count,
         model = excluded.model, updated_at = excluded.updated_at`,
    );
    // Rows used within the hour are left alone: prompts show the same stickers turn after turn,
    // and "unused" is counted in days.
    this.#touch = db.prepare<{ ids: string; at: string; hourAgo: string }>(
      `UPDATE media_descriptions SET last_used_at = @at
       WHERE unique_id IN (SELECT value FROM json_each(@ids))
         AND (last_used_at IS NULL OR last_used_at < @hourAgo)`,
    );
    this.#delete = db.prepare<[string]>('DELETE FROM media_descriptions WHERE unique_id = ?');
    this.#all = db.prepare<[], Row>('SELECT * FROM media_descriptions ORDER BY updated_at DESC, unique_id');
    this.#count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM media_descriptions');
    this.#unusedSince = db.prepare<[string], Row>(
      `SELECT * FROM media_descriptions
       WHERE coalesce(last_used_at, updated_at) < ? ORDER BY coalesce(last_used_at, updated_at)`,
    );
  }

  count(): number {
    return this.#count.get()!.n;
  }

  get(uniqueId: string): CachedMedia | null {
    const row = this.#get.get(uniqueId);
    return row ? toCached(row) : null;
  }

  put(media: CachedMediaInput): void {
    this.#upsert.run({ ...media, at: this.#now().toISOString() });
  }

  /** Records that prompts showed these files now (for "remove unused"). */
  markUsed(uniqueIds: readonly string[]): void {
    if (uniqueIds.length === 0) return;
    const now = this.#now();
    this.#touch.run({
      ids: JSON.stringify(uniqueIds),
      at: now.toISOString(),
      hourAgo: new Date(now.getTime() - 60 * 60 * 1000).toISOString(),
    });
  }

  delete(uniqueId: string): boolean {
    return this.#delete.run(uniqueId).changes > 0;
  }

  /** Rows neither shown in a prompt nor changed since `cutoff`, the longest unused first. */
  unusedSince(cutoff: Date): CachedMedia[] {
    return this.#unusedSince.all(cutoff.toISOString()).map(toCached);
  }

  /** Every row, the latest change first (the media editor filters them with the curated records). */
  all(): CachedMedia[] {
    return this.#all.all().map(toCached);
  }
}
