import type { Clock } from '../../clock';

/** Values that count as known for `ttlMs` after they were stored, on an injectable clock. */
export class ExpiringCache<K, V> {
  readonly #entries = new Map<K, { value: V; storedAt: number }>();
  readonly #clock: Clock;
  readonly #ttlMs: number;

  constructor(clock: Clock, ttlMs: number) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  /** The value if stored less than `ttlMs` ago. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock.now().getTime() - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.#entries.set(key, { value, storedAt: this.#clock.now().getTime() });
  }

  /** The fresh value, or the one `load` fetches (and stores). */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const loaded = await load();
    this.set(key, loaded);
    return loaded;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Every value still fresh. */
  freshValues(): V[] {
    const now = this.#clock.now().getTime();
    const fresh: V[] = [];
    for (const [key, entry] of this.#entries) {
      if (now - entry.storedAt < this.#ttlMs) fresh.push(entry.value);
      else this.#entries.delete(key);
    }
    return fresh;
  }
}
