import type { Logger } from '../logging';

/**
 * Listeners of one stream. A listener that throws is logged and does not keep the others, or the
 * Simulator action that emitted, from going on.
 */
export class ListenerSet<T> {
  readonly #listeners = new Set<(value: T) => void>();
  readonly #logger: Logger;
  readonly #stream: string;

  constructor(logger: Logger, stream: string) {
    this.#logger = logger;
    this.#stream = stream;
  }

  add(listener: (value: T) => void): () => void {
    // Wrapped so the same function subscribed twice gets two independent subscriptions.
    const entry = (value: T) => listener(value);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.#logger.warn({ err: error, stream: this.#stream }, 'a listener failed');
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
