export interface BackoffOptions {
  initialDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT_BACKOFF: BackoffOptions = { initialDelayMs: 5_000, maxDelayMs: 300_000 };

/** Doubling delays between reconnect attempts, so an outage is not met with a storm of dials. */
export class ReconnectBackoff {
  readonly #options: BackoffOptions;
  #attempt = 0;

  constructor(options: BackoffOptions) {
    this.#options = options;
  }

  /** The delay before the next attempt; each call doubles it, up to the maximum. */
  next(): number {
    const delay = Math.min(this.#options.maxDelayMs, this.#options.initialDelayMs * 2 ** this.#attempt);
    this.#attempt += 1;
    return delay;
  }

  reset(): void {
    this.#attempt = 0;
  }
}
