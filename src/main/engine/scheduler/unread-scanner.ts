import type { Clock } from '../../clock';
import type { Logger } from '../../logging';

/** The first periodic scan comes this long after start (plus the agent's stagger). */
export const FIRST_SCAN_DELAY_MS = 1_000;
/** Agents' scans spread over this window, so a runtime with many agents does not scan in one burst. */
export const MAX_SCAN_STAGGER_MS = 5_000;

export interface UnreadScannerDeps {
  clock: Clock;
  logger: Logger;
  /** Read at every cycle, so a settings change applies from the next one. */
  intervalMs(): number;
  /** The agents scanned periodically, as they are now. */
  agents(): readonly string[];
  scanOnce(agent: string): Promise<number>;
}

/** A stable offset in [0, MAX_SCAN_STAGGER_MS) from the agent's name (FNV-1a). */
export function scanStaggerMs(agent: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < agent.length; index++) {
    hash = Math.imul(hash ^ agent.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash % MAX_SCAN_STAGGER_MS;
}

/**
 * Runs the unread scans: periodically for every agent (each at its stagger within the cycle), and
 * on demand. Scans of one agent never overlap: a periodic scan is skipped while one runs, an
 * on-demand one runs after it.
 */
export class UnreadScanner {
  readonly #deps: UnreadScannerDeps;
  readonly #timers = new Set<() => void>();
  readonly #inFlight = new Map<string, Promise<number>>();
  #stopped = false;

  constructor(deps: UnreadScannerDeps) {
    this.#deps = deps;
  }

  start(): void {
    this.#cycle(FIRST_SCAN_DELAY_MS);
  }

  /** Cancels the timers; scans in flight finish on their own. */
  stop(): void {
    this.#stopped = true;
    for (const cancel of this.#timers) cancel();
    this.#timers.clear();
  }

  /** Scans the agent now, or right after its scan in flight; rejects when the scan fails. */
  async scan(agent: string): Promise<number> {
    const running = this.#inFlight.get(agent);
    if (running) {
      // Its listing may predate what the caller knows of (a reconnect), so scan again after it.
      await running.catch(() => 0);
      return this.scan(agent);
    }
    const scan = this.#deps.scanOnce(agent).finally(() => this.#inFlight.delete(agent));
    this.#inFlight.set(agent, scan);
    return scan;
  }

  #cycle(delayMs: number): void {
    this.#after(delayMs, () => {
      for (const agent of this.#deps.agents()) {
        this.#after(scanStaggerMs(agent), () => this.#periodicScan(agent));
      }
      this.#cycle(this.#deps.intervalMs());
    });
  }

  #periodicScan(agent: string): void {
    if (this.#inFlight.has(agent)) return;
    this.scan(agent).catch((error: unknown) =>
      this.#deps.logger.warn({ err: error, agent }, 'unread scan failed'),
    );
  }

  #after(ms: number, callback: () => void): void {
    if (this.#stopped) return;
    const cancel = this.#deps.clock.setTimer(ms, () => {
      this.#timers.delete(cancel);
      callback();
    });
    this.#timers.add(cancel);
  }
}
