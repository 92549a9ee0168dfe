/**
 * A map of at most `limit` keys that drops the one used longest ago to make room: reading or
 * writing a key makes it the newest (a Map iterates in insertion order, so the oldest is first).
 */
export class RecentMap<V> {
  readonly #limit: number;
  readonly #values = new Map<string, V>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  has(key: string): boolean {
    return this.#values.has(key);
  }

  /** The value under `key`, which becomes the newest; undefined when absent. */
  get(key: string): V | undefined {
    if (!this.#values.has(key)) return undefined;
    const value = this.#values.get(key) as V;
    this.#values.delete(key);
    this.#values.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.#values.delete(key);
    if (this.#values.size >= this.#limit) this.#values.delete(this.#values.keys().next().value!);
    this.#values.set(key, value);
  }

  delete(key: string): void {
    this.#values.delete(key);
  }

  clear(): void {
    this.#values.clear();
  }
}
