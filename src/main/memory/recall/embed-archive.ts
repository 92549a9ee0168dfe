import type { Embedder } from '../../llm';
import type { Logger } from '../../logging';
import type { Store } from '../../store';

/**
 * Vectors for the archive, made in the background: never on a turn's path (a turn only embeds its
 * question). Batches of messages go to the embedding model as they arrive, oldest first, edited
 * ones again; the first batch of a model makes its space, with the dimensions the model answers
 * with. The model is read anew before each batch, so changing it in Settings starts a new space;
 * none set, or sqlite-vec not loadable, and nothing happens.
 */

export type VectorStore = Pick<Store, 'archiveVectors'>;

/** Messages per request to the embedding model. */
export const EMBED_BATCH = 64;
/** Characters of a message embedded: the rest adds cost, not meaning. */
const EMBEDDED_CHARS = 2_000;

/**
 * Embeds the next batch; returns how many messages it handled (0: nothing left, or no model).
 * Throws what the model or the database throws.
 */
export async function embedArchiveBatch(
  store: VectorStore,
  embedder: Embedder | null,
  now: () => Date,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batch = options.batch ?? EMBED_BATCH;
  if (embedder === null || !store.archiveVectors.availability().ok) return 0;
  const existing = store.archiveVectors.space(embedder.model);
  const pending = store.archiveVectors.pending(existing, batch);
  const toEmbed = [...pending.stale, ...pending.fresh];
  const handled = toEmbed.length + pending.gone.length;
  if (handled === 0) return 0;
  const vectors =
    toEmbed.length === 0
      ? []
      : await embedder.embed(
          toEmbed.map((message) => message.text.slice(0, EMBEDDED_CHARS)),
          options.signal ? { signal: options.signal } : {},
        );
  if (options.signal?.aborted) return 0;
  // Without a space there is nothing stale, so this batch has vectors to size it.
  const space = existing ?? store.archiveVectors.createSpace(embedder.model, vectors[0]!.length, now());
  store.archiveVectors.store(
    space,
    toEmbed.map((message, index) => ({
      rowid: message.rowid,
      scope: message.scope,
      vector: vectors[index]!,
    })),
    {
      gone: pending.gone,
      stale: pending.stale.map((message) => message.rowid),
      through: pending.fresh.at(-1)?.rowid ?? space.embeddedThrough,
    },
  );
  return handled;
}

export interface ArchiveEmbedding {
  /** Stops, cancelling the batch in flight (nothing of it is stored). */
  stop(): Promise<void>;
}

const IDLE_MS = 5_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Keeps the archive embedded: a batch, then the next at once while there is more, else a pause.
 * A failure is logged once per distinct message and waits longer each time it repeats.
 */
export function startArchiveEmbedding(deps: {
  store: VectorStore;
  embedder: () => Embedder | null;
  logger: Logger;
  now: () => Date;
  idleMs?: number;
}): ArchiveEmbedding {
  const logger = deps.logger.child({ module: 'archive-embedding' });
  const idleMs = deps.idleMs ?? IDLE_MS;
  let running = true;
  const cancel = new AbortController();
  let wake: (() => void) | null = null;
  let backoff = idleMs;
  let lastProblem = '';
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (running) {
      try {
        const handled = await embedArchiveBatch(deps.store, deps.embedder(), deps.now, {
          signal: cancel.signal,
        });
        backoff = idleMs;
        lastProblem = '';
        if (handled === 0) await pause(idleMs);
      } catch (error) {
        if (!running) break;
        const problem = (error as Error).message;
        if (problem !== lastProblem)
          logger.warn({ err: error }, 'embedding archived messages failed; retrying later');
        lastProblem = problem;
        await pause(backoff);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      cancel.abort();
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
