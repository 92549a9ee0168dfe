import { createHash } from 'node:crypto';
import type { SqliteDatabase } from './migrations/migration';
import { RecentMap } from './recent-map';

/** A text named by an exchange is marked used again once it was last marked this long before. */
const USE_REFRESH_MS = 24 * 3_600_000;
/**
 * How many texts `keep` remembers. Each agent's own are a handful; texts of one chat (its notes,
 * facts, summaries) come and go, and the ones kept longest unused make room first.
 */
const REMEMBERED_TEXTS = 1_000;

/** The hash a text is kept under: 132 bits of its SHA-256, URL-safe. */
export function promptTextHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

/**
 * Long prompt-section texts kept once each (migration 026), for the exchange history to name.
 * A text's `last_used` is never more than a day older than any exchange naming it, which is what
 * makes pruning by it safe.
 */
export class PromptTextRepository {
  readonly #lastUsed;
  readonly #insert;
  readonly #markUsed;
  readonly #text;
  readonly #unusedSince;
  /**
   * The texts kept lately, with their hash and when they were last marked used (ms): every turn
   * keeps the same few, and this spares hashing each again and reading its row. It remembers
   * what a transaction wrote before it commits, so whoever runs `keep` in a transaction that
   * rolls back must call `forget` (`store.transaction` does); pruning forgets too.
   */
  readonly #kept = new RecentMap<{ hash: string; lastUsedMs: number }>(REMEMBERED_TEXTS);

  constructor(db: SqliteDatabase) {
    this.#lastUsed = db.prepare<[string], { last_used: string }>(
      'SELECT last_used FROM llm_prompt_texts WHERE hash = ?',
    );
    this.#insert = db.prepare<{ hash: string; text: string; at: string }>(
      'INSERT INTO llm_prompt_texts (hash, text, last_used) VALUES (@hash, @text, @at)',
    );
    this.#markUsed = db.prepare<{ hash: string; at: string }>(
      'UPDATE llm_prompt_texts SET last_used = max(last_used, @at) WHERE hash = @hash',
    );
    this.#text = db.prepare<[string], { text: string }>('SELECT text FROM llm_prompt_texts WHERE hash = ?');
    this.#unusedSince = db.prepare<[string]>('DELETE FROM llm_prompt_texts WHERE last_used < ?');
  }

  /**
   * Keeps `text` (once) as used by an exchange at `at`; returns the hash to name it by. Call it
   * inside `store.transaction`, which forgets what it remembered should the transaction roll back.
   */
  keep(text: string, at: string): string {
    const atMs = Date.parse(at);
    const remembered = this.#kept.get(text);
    if (remembered && remembered.lastUsedMs >= atMs - USE_REFRESH_MS) return remembered.hash;
    const hash = promptTextHash(text);
    const known = this.#lastUsed.get(hash);
    let lastUsedMs = known ? Date.parse(known.last_used) : atMs;
    if (!known) this.#insert.run({ hash, text, at });
    else if (lastUsedMs < atMs - USE_REFRESH_MS) {
      this.markUsed(hash, at);
      lastUsedMs = atMs;
    }
    this.#kept.set(text, { hash, lastUsedMs });
    return hash;
  }

  /** Forgets the texts kept lately: a transaction that kept some was rolled back. */
  forget(): void {
    this.#kept.clear();
  }

  /** The text kept under `hash`, or null when it is not (pruned, or never kept). */
  text(hash: string): string | null {
    return this.#text.get(hash)?.text ?? null;
  }

  /** Marks the text used at `at`, unless it was used later already. */
  markUsed(hash: string, at: string): void {
    this.#markUsed.run({ hash, at });
  }

  /**
   * Drops the texts no exchange kept from `cutoff` on can name (one older than it must have been
   * marked used at `cutoff` first).
   */
  pruneBefore(cutoff: string): number {
    const before = new Date(Date.parse(cutoff) - USE_REFRESH_MS).toISOString();
    this.#kept.clear();
    return this.#unusedSince.run(before).changes;
  }
}
