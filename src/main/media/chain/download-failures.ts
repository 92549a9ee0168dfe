/** Download attempts after which a file is not fetched again until Troupe restarts. */
const MAX_DOWNLOAD_FAILURES = 5;
/** The first wait after a failed download; it doubles with each further failure. */
const FIRST_BACKOFF_MS = 10 * 60 * 1000;
/** Files remembered; the oldest are forgotten beyond this (they are tried again). */
const CAPACITY = 10_000;

interface Failure {
  reason: string;
  count: number;
  /** Not fetched again before this time (ms since epoch); Infinity: not again. */
  retryAt: number;
}

/**
 * Files whose bytes could not be had (gone, a network error, a download that took too long): no
 * cache row can hold them (a row needs its file), so they are remembered here, in memory, so that
 * every turn and the background do not spend their budget and a download on them again. A file
 * that is gone is not fetched again; a failing one waits longer after each failure and is given
 * up after MAX_DOWNLOAD_FAILURES.
 */
export class DownloadFailures {
  readonly #failures = new Map<string, Failure>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Why the file is not to be fetched now; null when it may be. */
  blocked(uniqueId: string): string | null {
    const failure = this.#failures.get(uniqueId);
    return failure && failure.retryAt > this.#now() ? failure.reason : null;
  }

  record(uniqueId: string, reason: string, options: { gone: boolean }): void {
    const count = (this.#failures.get(uniqueId)?.count ?? 0) + 1;
    const final = options.gone || count >= MAX_DOWNLOAD_FAILURES;
    this.#failures.delete(uniqueId);
    this.#failures.set(uniqueId, {
      reason,
      count,
      retryAt: final ? Number.POSITIVE_INFINITY : this.#now() + FIRST_BACKOFF_MS * 2 ** (count - 1),
    });
    if (this.#failures.size > CAPACITY) this.#failures.delete(this.#failures.keys().next().value!);
  }

  /** The file was had after all. */
  clear(uniqueId: string): void {
    this.#failures.delete(uniqueId);
  }
}
