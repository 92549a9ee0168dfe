import type { Clock } from '../../clock';

const WINDOW_MS = 60_000;

interface AccountWindow {
  /** When each send of the last minute started, oldest first. */
  sentAt: number[];
  queue: (() => void)[];
  cancelTimer: (() => void) | null;
}

/**
 * At most `sendsPerMinute()` outbound messages per account in any sliding minute. Senders of one
 * account queue first-come, first-served, so every conversation of a busy agent gets its turn.
 */
export class SendRateLimiter {
  readonly #clock: Clock;
  readonly #sendsPerMinute: () => number;
  readonly #accounts = new Map<string, AccountWindow>();

  constructor(clock: Clock, sendsPerMinute: () => number) {
    this.#clock = clock;
    this.#sendsPerMinute = sendsPerMinute;
  }

  /** Resolves when `account` may send one message; the send is counted from that moment. */
  acquire(account: string): Promise<void> {
    let window = this.#accounts.get(account);
    if (!window) {
      window = { sentAt: [], queue: [], cancelTimer: null };
      this.#accounts.set(account, window);
    }
    const target = window;
    return new Promise((resolve) => {
      target.queue.push(resolve);
      this.#drain(account, target);
    });
  }

  /** Stops pending timers (the engine is stopping); queued senders never resolve. */
  close(): void {
    for (const window of this.#accounts.values()) window.cancelTimer?.();
    this.#accounts.clear();
  }

  #drain(account: string, window: AccountWindow): void {
    window.cancelTimer?.();
    window.cancelTimer = null;
    const now = this.#clock.now().getTime();
    while (window.sentAt.length > 0 && window.sentAt[0]! <= now - WINDOW_MS) window.sentAt.shift();
    const limit = Math.max(1, this.#sendsPerMinute());
    while (window.queue.length > 0 && window.sentAt.length < limit) {
      window.sentAt.push(now);
      window.queue.shift()!();
    }
    if (window.queue.length > 0) {
      const reopensAt = window.sentAt[window.sentAt.length - limit]! + WINDOW_MS;
      window.cancelTimer = this.#clock.setTimer(reopensAt - now, () => this.#drain(account, window));
    } else if (window.sentAt.length === 0) {
      this.#accounts.delete(account);
    }
  }
}
