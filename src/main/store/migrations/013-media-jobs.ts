import type { Migration } from './migration';

/**
 * Long media work the operator starts from the media editor (importing a sticker set, describing
 * every record that has no description yet): one row per job with its progress, so the console
 * can show it and a job interrupted by a restart carries on where it was.
 */
export const migration013MediaJobs: Migration = {
  version: 13,
  name: 'media-jobs',
  up(db) {
    db.exec(`
      CREATE TABLE media_jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('import-set', 'describe-missing')),
        params_json TEXT NOT NULL CHECK (json_valid(params_json)),
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        total INTEGER,
        done INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
