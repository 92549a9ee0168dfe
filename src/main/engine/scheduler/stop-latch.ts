/** What a wait gives when the engine stopped before the awaited work settled. */
export const STOPPED = Symbol('stopped');

/**
 * The engine's stop, for waits that must end when it stops (a slot of a global limit). It does
 * what `Promise.race([work, stopping])` would, without its leak: a race leaves a reaction on the
 * long-lived stop promise for every wait, kept until the engine stops (hundreds of bytes per task,
 * for as long as a server runs). Here a wait is forgotten as soon as its work settles.
 */
export class StopLatch {
  readonly #waiters = new Set<() => void>();
  #stopped = false;

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Waits still pending. */
  get waiting(): number {
    return this.#waiters.size;
  }

  stop(): void {
    this.#stopped = true;
    for (const waiter of this.#waiters) waiter();
    this.#waiters.clear();
  }

  /** `work`'s value, or STOPPED when the latch stops first (or already has). */
  race<T>(work: Promise<T>): Promise<T | typeof STOPPED> {
    if (this.#stopped) return Promise.resolve(STOPPED);
    return new Promise((resolve, reject) => {
      const onStop = () => resolve(STOPPED);
      this.#waiters.add(onStop);
      work.then(
        (value) => {
          this.#waiters.delete(onStop);
          resolve(value);
        },
        (error: unknown) => {
          this.#waiters.delete(onStop);
          reject(error);
        },
      );
    });
  }
}
