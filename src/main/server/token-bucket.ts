/**
 * A token bucket: `capacity` tokens at most, one more every `refillIntervalMs`. Taking spends one;
 * an empty bucket says how long until the next one is there.
 */
export interface TokenBucket {
  /** Milliseconds until a token is there; 0 when one is there now. */
  waitMs(): number;
  /** Spends a token; call only when `waitMs()` is 0. */
  take(): void;
}

export function createTokenBucket({
  now,
  capacity,
  refillIntervalMs,
}: {
  now: () => number;
  capacity: number;
  refillIntervalMs: number;
}): TokenBucket {
  let tokens = capacity;
  let refilledAt = now();

  function refill(): void {
    const at = now();
    tokens = Math.min(capacity, tokens + (at - refilledAt) / refillIntervalMs);
    refilledAt = at;
  }

  return {
    waitMs() {
      refill();
      return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * refillIntervalMs);
    },
    take() {
      refill();
      tokens = Math.max(0, tokens - 1);
    },
  };
}
