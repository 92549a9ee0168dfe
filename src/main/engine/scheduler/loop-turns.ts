/** Which waiters go first: starting a turn (a partner waits for it) before everything else. */
export type LoopTurnPriority = 'turn-start' | 'other';

/**
 * Spreads the engine's heavy synchronous steps (building a turn's prompt, taking in a reply) over
 * turns of the event loop: each waiter is let through in a `setImmediate` callback of its own,
 * queued only once the previous one ran, so each loop iteration runs one such step at most. A
 * burst of LLM replies arriving together would otherwise be taken in within one iteration, and
 * every timer, socket and console event would wait for all of them. Turns about to ask the model
 * go first, so a message reaches it as soon as it can; within a priority, first come, first served.
 */
export class LoopTurns {
  readonly #turnStarts: (() => void)[] = [];
  readonly #others: (() => void)[] = [];
  #scheduled = false;

  /** Resolves in a later turn of the event loop, after the steps of its priority that asked before. */
  next(priority: LoopTurnPriority = 'other'): Promise<void> {
    return new Promise((resolve) => {
      (priority === 'turn-start' ? this.#turnStarts : this.#others).push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      (this.#turnStarts.shift() ?? this.#others.shift())?.();
      // Queued from inside the check phase, the next one runs in the next iteration.
      if (this.#turnStarts.length > 0 || this.#others.length > 0) this.#schedule();
    });
  }
}
