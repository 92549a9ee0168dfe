import { describe, expect, it } from 'vitest';
import { createLoginThrottle, type LoginThrottleOptions } from '../../../src/main/server/login-throttle';

function throttleWithClock(options: Partial<LoginThrottleOptions> = {}) {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle({
    now: () => clock.now,
    freeFailures: 5,
    baseLockoutMs: 30_000,
    maxLockoutMs: 120_000,
    forgetAfterMs: 3_600_000,
    // Roomy unless a test is about the shared budget, so per-client rules show on their own.
    sharedBurst: 1_000,
    sharedRefillIntervalMs: 1,
    ...options,
  });
  return { clock, throttle };
}

function fail(throttle: ReturnType<typeof createLoginThrottle>, address: string, times: number) {
  for (let index = 0; index < times; index += 1) expect(throttle.admit(address)).toBeNull();
}

const waitMs = (throttle: ReturnType<typeof createLoginThrottle>, address: string) =>
  throttle.waitFor(address)?.retryAfterMs ?? 0;

describe('createLoginThrottle, per client', () => {
  it('allows four failures without a wait and locks out at the fifth', { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 4);
    expect(throttle.waitFor('10.0.0.1')).toBeNull();
    fail(throttle, '10.0.0.1', 1);
    expect(throttle.waitFor('10.0.0.1')).toEqual({ retryAfterMs: 30_000, reason: 'client' });
    expect(throttle.admit('10.0.0.1')).toEqual({ retryAfterMs: 30_000, reason: 'client' });
  });

  it('doubles the lockout with each further failure, up to the cap', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    const waits: number[] = [];
    for (let failure = 1; failure <= 9; failure += 1) {
      throttle.admit('10.0.0.1');
      const wait = waitMs(throttle, '10.0.0.1');
      waits.push(wait);
      clock.now += wait;
    }
    expect(waits).toEqual([0, 0, 0, 0, 30_000, 60_000, 120_000, 120_000, 120_000]);
  });

  it('counts the wait down with the clock', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    clock.now += 20_000;
    expect(waitMs(throttle, '10.0.0.1')).toBe(10_000);
    clock.now += 10_000;
    expect(waitMs(throttle, '10.0.0.1')).toBe(0);
  });

  it('keeps addresses apart', { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    expect(throttle.waitFor('10.0.0.2')).toBeNull();
  });

  it('treats every loopback address, IPv4-mapped and IPv6 too, as one client', { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock();
    fail(throttle, '127.0.0.1', 2);
    fail(throttle, '127.0.0.2', 1);
    fail(throttle, '::ffff:127.0.0.9', 1);
    fail(throttle, '::1', 1);
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.5']) {
      expect(throttle.waitFor(address)).toEqual({ retryAfterMs: 30_000, reason: 'client' });
    }
    expect(throttle.waitFor('10.0.0.1')).toBeNull();
    throttle.recordSuccess('127.0.0.3');
    expect(throttle.waitFor('127.0.0.1')).toBeNull();
  });

  it('forgets an address after a success', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    fail(throttle, '10.0.0.1', 5);
    clock.now += 30_000;
    throttle.recordSuccess('10.0.0.1');
    fail(throttle, '10.0.0.1', 4);
    expect(throttle.waitFor('10.0.0.1')).toBeNull();
  });

  it('starts an address over after a long quiet spell', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock();
    for (let failure = 0; failure < 7; failure += 1) {
      throttle.admit('10.0.0.1');
      clock.now += waitMs(throttle, '10.0.0.1');
    }
    clock.now += 3_600_000;
    expect(throttle.waitFor('10.0.0.1')).toBeNull();
    throttle.admit('10.0.0.1');
    expect(throttle.waitFor('10.0.0.1')).toBeNull();
  });
});

describe('createLoginThrottle, the budget all clients share', () => {
  it('admits a burst of checks from many addresses, then one per refill interval', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock({ sharedBurst: 6, sharedRefillIntervalMs: 10_000 });
    for (let host = 1; host <= 6; host += 1) expect(throttle.admit(`10.0.0.${host}`)).toBeNull();

    // A fresh address gets no check of its own: the budget is shared.
    expect(throttle.admit('10.0.0.200')).toEqual({ retryAfterMs: 10_000, reason: 'everyone' });
    expect(throttle.waitFor('192.168.1.1')).toEqual({ retryAfterMs: 10_000, reason: 'everyone' });
    clock.now += 4_000;
    expect(throttle.waitFor('192.168.1.1')).toEqual({ retryAfterMs: 6_000, reason: 'everyone' });
    clock.now += 6_000;
    expect(throttle.admit('192.168.1.1')).toBeNull();
    expect(throttle.admit('192.168.1.2')?.reason).toBe('everyone');
  });

  it('spends nothing on a refused check, and a success gives no check back', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock({ sharedBurst: 2, sharedRefillIntervalMs: 10_000 });
    expect(throttle.admit('10.0.0.1')).toBeNull();
    throttle.recordSuccess('10.0.0.1');
    expect(throttle.admit('10.0.0.2')).toBeNull();
    for (let refused = 0; refused < 5; refused += 1) expect(throttle.admit('10.0.0.3')).not.toBeNull();
    clock.now += 10_000;
    expect(throttle.admit('10.0.0.3')).toBeNull();
  });

  it('refills no further than its burst after a quiet spell', { timeout: 1_000 }, () => {
    const { clock, throttle } = throttleWithClock({ sharedBurst: 3, sharedRefillIntervalMs: 10_000 });
    clock.now += 3_600_000;
    for (let host = 1; host <= 3; host += 1) expect(throttle.admit(`10.0.1.${host}`)).toBeNull();
    expect(throttle.admit('10.0.1.4')?.reason).toBe('everyone');
  });

  it("names the client's own lockout first when both apply", { timeout: 1_000 }, () => {
    const { throttle } = throttleWithClock({ sharedBurst: 5, sharedRefillIntervalMs: 10_000 });
    fail(throttle, '10.0.0.1', 5);
    expect(throttle.waitFor('10.0.0.1')).toEqual({ retryAfterMs: 30_000, reason: 'client' });
    expect(throttle.waitFor('10.0.0.2')?.reason).toBe('everyone');
  });
});
