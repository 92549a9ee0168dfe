import type { Clock } from '../../clock';
import type { Logger } from '../../logging';

/** A job that runs beside the conversations: it must stop soon after `signal` aborts. */
export type BackgroundJob = (signal: AbortSignal) => Promise<void>;

interface QueuedJob {
  key: string;
  job: BackgroundJob;
}

/**
 * Memory work that must never hold up a reply (summaries, fact extraction): run one at a time, after the turn that asked, in the order asked. A key names the work
 * ("summarize:<conversation>"): asking again while it waits or runs adds nothing, since the job
 * reads the state it works on when it starts. A failure is logged and forgotten; the next turn
 * asks again if the work is still due. Stopping aborts the running job and drops the queue.
 */
export class BackgroundJobs {
  readonly #logger: Logger;
  readonly #track: (work: Promise<unknown>) => void;
  readonly #queue: QueuedJob[] = [];
  readonly #keys = new Set<string>();
  readonly #setTimer: Clock['setTimer'];
  /** Debounced requests waiting for quiet, by key: their cancel functions. */
  readonly #timers = new Map<string, () => void>();
  #current: { key: string; abort: AbortController } | null = null;
  #stopped = false;

  constructor(deps: { logger: Logger; clock: Clock; track: (work: Promise<unknown>) => void }) {
    this.#logger = deps.logger;
    this.#track = deps.track;
    this.#setTimer = (ms, callback) => deps.clock.setTimer(ms, callback);
  }

  /**
   * Queues the job once `quietMs` have passed without another call for the same key: a burst of
   * exchanges is read once, after it. A waiting request does not make the runner busy.
   */
  requestAfterQuiet(key: string, quietMs: number, job: BackgroundJob): void {
    if (this.#stopped) return;
    this.#timers.get(key)?.();
    this.#timers.set(
      key,
      this.#setTimer(quietMs, () => {
        this.#timers.delete(key);
        this.request(key, job);
      }),
    );
  }

  /** Queues the job unless the same key is queued or running; returns whether it was queued. */
  request(key: string, job: BackgroundJob): boolean {
    if (this.#stopped || this.#keys.has(key)) return false;
    this.#keys.add(key);
    this.#queue.push({ key, job });
    if (this.#current === null) this.#track(this.#drain());
    return true;
  }

  /** Work is waiting or running (a test or the idle check may want to wait for it). */
  get busy(): boolean {
    return this.#current !== null || this.#queue.length > 0;
  }

  /** The keys of the jobs running or queued now. */
  keysUnderWay(): string[] {
    return [...this.#keys];
  }

  /**
   * Cancels the requests still waiting for quiet whose key `matches`; queued and running jobs go
   * on (someone may wait for their outcome).
   */
  dropWaiting(matches: (key: string) => boolean): void {
    for (const [key, cancel] of this.#timers) {
      if (!matches(key)) continue;
      cancel();
      this.#timers.delete(key);
    }
  }

  stop(): void {
    this.#stopped = true;
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
    this.#queue.length = 0;
    this.#current?.abort.abort();
  }

  async #drain(): Promise<void> {
    for (let next = this.#queue.shift(); next && !this.#stopped; next = this.#queue.shift()) {
      const abort = new AbortController();
      this.#current = { key: next.key, abort };
      try {
        await next.job(abort.signal);
      } catch (error) {
        if (!abort.signal.aborted) this.#logger.warn({ err: error, job: next.key }, 'background job failed');
      } finally {
        this.#keys.delete(next.key);
        this.#current = null;
      }
    }
  }
}
