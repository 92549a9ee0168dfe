import type { Migration } from './migration';

/**
 * Where each Telegram session stands in its account's update sequence (pts, qts, date, seq and
 * each channel's pts, as JSON), kept with the session: after a disconnect or a restart the
 * account asks Telegram for what it missed from there. A new login starts without one.
 */
export const migration023TelegramUpdateState: Migration = {
  version: 23,
  name: 'telegram-update-state',
  up(db) {
    db.exec('ALTER TABLE telegram_sessions ADD COLUMN update_state_json TEXT');
  },
};
