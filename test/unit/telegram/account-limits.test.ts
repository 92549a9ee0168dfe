import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { createLogger } from '../../../src/main/logging';
import { AccountLimits } from '../../../src/main/telegram/accounts/account-limits';

const HOUR = 60 * 60 * 1000;

function setup() {
  const clock = new ManualClock('2026-11-29T12:00:00Z');
  let changes = 0;
  const limits = new AccountLimits({
    clock,
    logger: createLogger({ level: 'silent' }),
    sendStopMs: 24 * HOUR,
    changed: () => {
      changes += 1;
    },
  });
  return { clock, limits, changes: () => changes };
}

describe('the limits Telegram puts on an account', () => {
  it('holds every call through a flood-wait cool-down, a longer one already on kept, and lifts it when it ends', () => {
    const { clock, limits, changes } = setup();
    limits.coolDown(120);
    limits.coolDown(30);
    expect(limits.refusal('Ada', false)).toMatchObject({ retryable: true, retryAfterSeconds: 120 });
    clock.advance(60_000);
    expect(limits.refusal('Ada', false)?.message).toBe(
      'Ada is waiting out a Telegram flood wait (60 s left).',
    );
    clock.advance(60_000);
    expect(limits.refusal('Ada', false)).toBeNull();
    expect(limits.view().coolDownUntil).toBeNull();
    // Begun, then ended (the shorter wait changed nothing).
    expect(changes()).toBe(2);
  });

  it('stops only sends after PEER_FLOOD, says so until it ends or is resumed', () => {
    const { clock, limits } = setup();
    const said = limits.stopSends('PEER_FLOOD');
    expect(said).toMatch(/PEER_FLOOD.*stopped until 2026-11-30T12:00:00/);
    expect(limits.refusal('Ada', false)).toBeNull();
    expect(limits.refusal('Ada', true)).toMatchObject({ message: said, retryable: false });
    expect(limits.sendStopNotice).toBe(said);
    limits.resumeSends();
    expect(limits.refusal('Ada', true)).toBeNull();
    expect(limits.sendStopNotice).toBeNull();

    limits.stopSends('USER_RESTRICTED');
    clock.advance(24 * HOUR);
    expect(limits.view()).toEqual({ coolDownUntil: null, sendsStoppedUntil: null });
    expect(limits.sendStopNotice).toBeNull();
  });
});
