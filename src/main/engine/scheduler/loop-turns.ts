/**
 * Spreads the engine's heavy synchronous steps (building a turn's prompt, taking in a reply) over
 * turns of the event loop: each waiter is let through in a `setImmediate` callback of its own,
 * queued only once the previous one ran, so each loop iteration runs one such step at most. A
 * burst of LLM replies arriving together would otherwise be taken in within one iteration, and
 * every timer, socket and console event would wait for all of them. First come, first served.
 */
export class LoopTurns {
  readonly #waiting: (() => void)[] = [];
  #scheduled = false;

  /** Resolves in a later turn of the event loop, after the steps that asked before. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#waiting.shift()?.();
      // Queued from inside the check phase, the next one runs in the next iteration.
      if (this.#waiting.length > 0) this.#schedule();
    });
  }
}
