import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../../src/main/server/sessions';

const DAY = 24 * 60 * 60_000;

describe('createSessionStore', () => {
  it('issues distinct random ids that are live until revoked', { timeout: 1_000 }, () => {
    const sessions = createSessionStore({ now: () => 0, idleTimeoutMs: DAY });
    const first = sessions.create();
    const second = sessions.create();
    expect(first).not.toBe(second);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(sessions.touch(first)).toBe(true);
    sessions.revoke(first);
    expect(sessions.touch(first)).toBe(false);
    expect(sessions.touch(second)).toBe(true);
    expect(sessions.touch('made-up')).toBe(false);
    expect(sessions.touch(undefined)).toBe(false);
  });

  it('expires a session left idle, and each use pushes the expiry back', { timeout: 1_000 }, () => {
    const clock = { now: 0 };
    const sessions = createSessionStore({ now: () => clock.now, idleTimeoutMs: 30 * DAY });
    const used = sessions.create();
    const idle = sessions.create();
    for (let day = 0; day < 40; day += 10) {
      clock.now += 10 * DAY;
      expect(sessions.touch(used)).toBe(true);
    }
    expect(sessions.touch(idle)).toBe(false);
  });
});
