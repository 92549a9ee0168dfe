/**
 * Slows password guessing per client address: a few free failures, then a lockout that doubles
 * with every further failure. The state lives in memory only; a restart of the server also
 * issues a fresh login link, so nothing is gained by persisting it.
 */
export interface LoginThrottle {
  /** Milliseconds this address must still wait before it may try again; 0 when it may try now. */
  retryAfterMs(address: string): number;
  recordFailure(address: string): void;
  recordSuccess(address: string): void;
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
}

interface FailureRecord {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

export function createLoginThrottle({
  now,
  freeFailures = 5,
  baseLockoutMs = 30_000,
  maxLockoutMs = 15 * 60_000,
  forgetAfterMs = 24 * 60 * 60_000,
}: LoginThrottleOptions): LoginThrottle {
  const records = new Map<string, FailureRecord>();

  function forgetQuietAddresses(at: number): void {
    for (const [address, record] of records) {
      if (at - record.lastFailureAt >= forgetAfterMs) records.delete(address);
    }
  }

  return {
    retryAfterMs(address) {
      const at = now();
      forgetQuietAddresses(at);
      const record = records.get(address);
      return record ? Math.max(0, record.lockedUntil - at) : 0;
    },
    recordFailure(address) {
      const at = now();
      forgetQuietAddresses(at);
      const record = records.get(address) ?? { failures: 0, lockedUntil: 0, lastFailureAt: at };
      record.failures += 1;
      record.lastFailureAt = at;
      const excess = record.failures - freeFailures;
      if (excess >= 0) record.lockedUntil = at + Math.min(maxLockoutMs, baseLockoutMs * 2 ** excess);
      records.set(address, record);
    },
    recordSuccess(address) {
      records.delete(address);
    },
  };
}
