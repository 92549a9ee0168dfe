import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../../src/main/server/login-throttle';

function throttleWithClock() {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle({
    now: () => clock.now,
    freeFailures: 5,
    baseLockoutMs: 30_000,
    maxLockoutMs: 120_000,
    forgetAfterMs: 3_600_000,
  });
  return { clock, throttle };
}

function fail(throttle: ReturnType<typeof createLoginThrottle>, address: string, times: number) {
  for (let index = 0; index < times; index += 1) throttle.recordFailure(address);
}

describe('createLoginThrottle', () => {
  it('allows four failures without a wait and locks out at the fifth', { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 4);
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
    fail(throttle, '10.0.0.1', 1);
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(30_000);
  });

  it('doubles the lockout with each further failure, up to the cap', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    const waits: number[] = [];
    for (let failure = 1; failure <= 9; failure += 1) {
      throttle.recordFailure('10.0.0.1');
      const wait = throttle.retryAfterMs('10.0.0.1');
      waits.push(wait);
      clock.now += wait;
    }
    expect(waits).toEqual([0, 0, 0, 0, 30_000, 60_000, 120_000, 120_000, 120_000]);
  });

  it('counts the wait down with the clock', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    clock.now += 20_000;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(10_000);
    clock.now += 10_000;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('keeps addresses apart', { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    expect(throttle.retryAfterMs('10.0.0.2')).toBe(0);
  });

  it('forgets an address after a success', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    clock.now += 30_000;
    throttle.recordSuccess('10.0.0.1');
    fail(throttle, '10.0.0.1', 4);
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('starts an address over after a long quiet spell', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 7);
    clock.now += 3_600_000;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
    throttle.recordFailure('10.0.0.1');
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });
});
