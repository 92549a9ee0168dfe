import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration023TelegramUpdateState } from '../../../../src/main/store/migrations/023-telegram-update-state';
import { TelegramSessionRepository } from '../../../../src/main/store/telegram-session-repository';

const USER = { id: 7001, name: 'Ada', username: 'ada', phone: '+15550001', premium: false };
const STATE = { pts: 120, qts: 0, date: 1_700_000_000, seq: 3, channels: { '-1000000000777': 40 } };

function repository() {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS) migration.up(db);
  return { db, sessions: new TelegramSessionRepository(db) };
}

describe('migration 023 telegram update state', () => {
  it('is version 23, the twenty-third', () => {
    expect(migration023TelegramUpdateState.version).toBe(23);
    expect(MIGRATIONS[22]).toBe(migration023TelegramUpdateState);
  });

  it('keeps each session’s update state, and a new login starts without one', () => {
    const { sessions } = repository();
    sessions.saveUpdateState('Ada', 'prod', STATE);
    // No session, nothing kept.
    expect(sessions.updateState('Ada', 'prod')).toBeNull();

    sessions.put('Ada', 'prod', Buffer.from('blob'), USER);
    expect(sessions.updateState('Ada', 'prod')).toBeNull();
    sessions.saveUpdateState('Ada', 'prod', STATE);
    expect(sessions.updateState('Ada', 'prod')).toEqual(STATE);
    expect(sessions.updateState('Ada', 'test')).toBeNull();

    sessions.put('Ada', 'prod', Buffer.from('new login'), USER);
    expect(sessions.updateState('Ada', 'prod')).toBeNull();
  });

  it('reads a state that no longer parses as none, so the account starts from Telegram’s', () => {
    const { db, sessions } = repository();
    sessions.put('Ada', 'prod', Buffer.from('blob'), USER);
    db.prepare('UPDATE telegram_sessions SET update_state_json = \'{"pts": "many"}\'').run();
    expect(sessions.updateState('Ada', 'prod')).toBeNull();
    db.prepare("UPDATE telegram_sessions SET update_state_json = 'not json'").run();
    expect(sessions.updateState('Ada', 'prod')).toBeNull();
  });
});
