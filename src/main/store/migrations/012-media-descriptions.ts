import type { Migration } from './migration';

/**
 * The media description cache and the Simulator's uploaded files.
 *
 * `media_descriptions` holds what the description chain learnt about each file (by Telegram's
 * file unique id): the description or why there is none, the retry counter of temporary
 * failures, and the name of the file's bytes under the state directory's `media/` folder. The
 * bytes are written (temp file, rename) before the row, so a row never names a missing file.
 *
 * `sim_files` keeps the bytes of what people send in the Simulator (photos, voice notes,
 * stickers from any file), so every media path can be rehearsed without Telegram.
 */
export const migration012MediaDescriptions: Migration = {
  version: 12,
  name: 'media-descriptions',
  up(db) {
    db.exec(`
      CREATE TABLE media_descriptions (
        unique_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL
          CHECK (kind IN ('photo', 'sticker', 'gif', 'animation', 'video', 'audio', 'document')),
        description TEXT,
        status TEXT NOT NULL CHECK (status IN ('generated', 'curated', 'budget_exhausted',
          'unsupported', 'temporary_failure', 'permanent_failure')),
        failure_reason TEXT,
        mime_type TEXT,
        original_mime_type TEXT,
        file_name TEXT NOT NULL,
        file_size INTEGER NOT NULL CHECK (file_size >= 0),
        duration REAL,
        sticker_set_name TEXT,
        sticker_set_title TEXT,
        sticker_name TEXT,
        retry_count INTEGER NOT NULL DEFAULT 0 CHECK (retry_count >= 0),
        model TEXT,
        last_used_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX media_descriptions_by_set ON media_descriptions (sticker_set_name, sticker_name);
      CREATE INDEX media_descriptions_by_use ON media_descriptions (last_used_at);

      CREATE TABLE sim_files (
        unique_id TEXT PRIMARY KEY,
        file_name TEXT,
        mime_type TEXT,
        bytes BLOB NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
