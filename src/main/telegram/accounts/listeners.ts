import type { Logger } from '../../logging';

/** Listeners of one stream; one that throws is logged and keeps neither the others nor the emitter from going on. */
export class Listeners<T extends unknown[]> {
  readonly #listeners = new Set<(...values: T) => void>();
  readonly #logger: Logger;
  readonly #stream: string;

  constructor(logger: Logger, stream: string) {
    this.#logger = logger;
    this.#stream = stream;
  }

  add(listener: (...values: T) => void): () => void {
    // Wrapped so the same function subscribed twice gets two independent subscriptions.
    const entry = (...values: T) => listener(...values);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  emit(...values: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(...values);
      } catch (error) {
        this.#logger.warn({ err: error, stream: this.#stream }, 'a listener failed');
      }
    }
  }
}
