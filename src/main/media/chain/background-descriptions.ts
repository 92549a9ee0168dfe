import type { Logger } from '../../logging';
import { DescriptionBudget } from './description-budget';
import type { DescribeContext, DescriptionChain } from './description-chain';
import type { MediaItem } from './media-item';

interface Pending {
  item: MediaItem;
  context: DescribeContext;
}

/**
 * Files left undescribed by a turn's budget, and stickers of the agent's sets nobody described:
 * described one at a time beside the conversations, so they cost no reply any waiting and reach
 * the agent in a later turn. A file is queued once; stopping drops the queue and aborts the one
 * being described. The queue is not kept across restarts: the next turn that sees the file
 * queues it again.
 */
export class BackgroundDescriptions {
  readonly #chain: DescriptionChain;
  readonly #logger: Logger;
  readonly #queue = new Map<string, Pending>();
  #running: Promise<void> | null = null;
  #abort = new AbortController();
  #stopped = false;

  constructor(chain: DescriptionChain, logger: Logger) {
    this.#chain = chain;
    this.#logger = logger;
  }

  get pending(): number {
    return this.#queue.size;
  }

  enqueue(item: MediaItem, context: DescribeContext): void {
    if (this.#stopped || this.#queue.has(item.uniqueId)) return;
    this.#queue.set(item.uniqueId, { item, context });
    this.#start();
  }

  #start(): void {
    this.#running ??= this.#drain().finally(() => {
      this.#running = null;
      // An item queued as the loop ended would otherwise wait for the next enqueue.
      if (!this.#stopped && this.#queue.size > 0) this.#start();
    });
  }

  /** Resolves when the queue is empty (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queue.clear();
    this.#abort.abort(new Error('media descriptions stopped'));
    await this.#running?.catch(() => {});
  }

  async #drain(): Promise<void> {
    for (const [uniqueId, pending] of this.#queue) {
      if (this.#stopped) return;
      try {
        await this.#chain.describe(pending.item, pending.context, {
          budget: DescriptionBudget.unlimited(),
          signal: this.#abort.signal,
        });
      } catch (error) {
        if (this.#stopped) return;
        this.#logger.warn({ err: error, uniqueId }, 'describing media in the background failed');
      }
      this.#queue.delete(uniqueId);
    }
  }
}
