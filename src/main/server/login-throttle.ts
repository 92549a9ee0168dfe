import { isLoopbackHost } from './loopback';
import { createTokenBucket } from './token-bucket';

/**
 * Slows password guessing two ways. Each client gets a few free failures, then a lockout that
 * doubles with every further failure; and all clients together share a small budget of password
 * checks, so guesses spread over many addresses (an IPv6 range, a botnet) gain nothing. Every
 * loopback address counts as one client: 127.0.0.2, 127.0.0.3 … are the same machine. The state
 * lives in memory only; a restart of the server also issues a fresh login link, so nothing is
 * gained by persisting it.
 */
export interface LoginThrottle {
  /** Why, and how long, this client must wait before its password may be checked; null: it may now. */
  waitFor(client: string): ThrottleWait | null;
  /**
   * Admits one password check when `waitFor` allows it: it spends one check of the shared budget
   * and counts as the client's failure until `recordSuccess`. Otherwise returns the wait.
   */
  admit(client: string): ThrottleWait | null;
  recordSuccess(client: string): void;
}

export interface ThrottleWait {
  retryAfterMs: number;
  /** 'client': this client failed too often; 'everyone': the server's shared budget is spent. */
  reason: 'client' | 'everyone';
}

export interface LoginThrottleOptions {
  now: () => number;
  /** Failures allowed before the first lockout. */
  freeFailures?: number;
  /** The first lockout; each further failure doubles it. */
  baseLockoutMs?: number;
  maxLockoutMs?: number;
  /** An address quiet for this long starts over, which also bounds the memory an attacker can fill. */
  forgetAfterMs?: number;
  /** Password checks all clients together may make at once… */
  sharedBurst?: number;
  /** …and how often one more becomes available. */
  sharedRefillIntervalMs?: number;
}

interface FailureRecord {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

const LOOPBACK_CLIENT = 'loopback';

/** The key a client is throttled under: every loopback address is one machine, hence one client. */
export function throttleKey(address: string): string {
  return isLoopbackHost(address) ? LOOPBACK_CLIENT : address.toLowerCase();
}

export function createLoginThrottle({
  now,
  freeFailures = 5,
  baseLockoutMs = 30_000,
  maxLockoutMs = 15 * 60_000,
  forgetAfterMs = 24 * 60 * 60_000,
  sharedBurst = 6,
  sharedRefillIntervalMs = 10_000,
}: LoginThrottleOptions): LoginThrottle {
  const records = new Map<string, FailureRecord>();
  const shared = createTokenBucket({ now, capacity: sharedBurst, refillIntervalMs: sharedRefillIntervalMs });

  function forgetQuietClients(at: number): void {
    for (const [key, record] of records) {
      if (at - record.lastFailureAt >= forgetAfterMs) records.delete(key);
    }
  }

  function waitFor(client: string): ThrottleWait | null {
    const at = now();
    forgetQuietClients(at);
    const lockout = Math.max(0, (records.get(throttleKey(client))?.lockedUntil ?? 0) - at);
    if (lockout > 0) return { retryAfterMs: lockout, reason: 'client' };
    const sharedWait = shared.waitMs();
    return sharedWait > 0 ? { retryAfterMs: sharedWait, reason: 'everyone' } : null;
  }

  function recordFailure(key: string): void {
    const at = now();
    const record = records.get(key) ?? { failures: 0, lockedUntil: 0, lastFailureAt: at };
    record.failures += 1;
    record.lastFailureAt = at;
    const excess = record.failures - freeFailures;
    if (excess >= 0) record.lockedUntil = at + Math.min(maxLockoutMs, baseLockoutMs * 2 ** excess);
    records.set(key, record);
  }

  return {
    waitFor,
    admit(client) {
      const wait = waitFor(client);
      if (wait) return wait;
      shared.take();
      recordFailure(throttleKey(client));
      return null;
    },
    recordSuccess(client) {
      records.delete(throttleKey(client));
    },
  };
}
