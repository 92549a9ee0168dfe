/**
 * The one time source of the runtime. Waits, retries, typing and schedules read it, so tests
 * can drive them with a manual clock instead of sleeping.
 */
export interface Clock {
  now(): Date;
  /** Calls `callback` once `ms` have passed on this clock. Returns the cancel function. */
  setTimer(ms: number, callback: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, callback) {
    const timer = setTimeout(callback, Math.max(0, ms));
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when told to; timers fire in deadline order as it advances. */
export class ManualClock implements Clock {
  #now: number;
  #timers: { at: number; seq: number; callback: () => void }[] = [];
  #seq = 0;

  constructor(start: Date | string = '2026-01-01T12:00:00Z') {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, ms), seq: this.#seq++, callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((candidate) => candidate !== timer);
    };
  }

  /** Moves time forward, firing due timers in order (a timer set by a callback fires if due). */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#timers
        .filter((timer) => timer.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((timer) => timer !== due);
      this.#now = Math.max(this.#now, due.at);
      due.callback();
    }
    this.#now = target;
  }

  pendingTimers(): number {
    return this.#timers.length;
  }
}
