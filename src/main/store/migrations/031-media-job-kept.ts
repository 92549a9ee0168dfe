import type { Migration } from './migration';

/**
 * How many items a media job left as they were: stickers of an imported set that a config
 * directory already describes. Counted among the done ones before, so an import that changed
 * nothing said "3 of 3 imported".
 */
export const migration031MediaJobKept: Migration = {
  version: 31,
  name: 'media-job-kept',
  up(db) {
    db.exec('ALTER TABLE media_jobs ADD COLUMN kept INTEGER NOT NULL DEFAULT 0');
  },
};
