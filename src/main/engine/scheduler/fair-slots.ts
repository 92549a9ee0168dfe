/** Gives back a slot taken from `FairSlots`. Calling it twice is harmless. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
}

/**
 * A counting semaphore with a first-come, first-served queue, for the global LLM concurrency
 * limit: conversations get slots in the order they asked, so a busy agent cannot starve another.
 * The limit is read at every grant, so a settings change applies without a restart.
 */
export class FairSlots {
  readonly #limit: () => number;
  readonly #queue: Waiter[] = [];
  #inUse = 0;

  constructor(limit: () => number) {
    this.#limit = limit;
  }

  get inUse(): number {
    return this.#inUse;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** Resolves with a release function once a slot is free; waits its turn behind earlier callers. */
  acquire(): Promise<Release> {
    return new Promise((grant) => {
      this.#queue.push({ grant });
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#queue.length > 0 && this.#inUse < Math.max(1, this.#limit())) {
      const waiter = this.#queue.shift()!;
      this.#inUse++;
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.#inUse--;
        this.#drain();
      });
    }
  }
}
