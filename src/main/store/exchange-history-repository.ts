import type { ExchangeRecord, LlmExchangeView } from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';
import { PromptTextRepository } from './prompt-text-repository';
import { exchangeFromStored, namedTexts, storedExchangeJson } from './stored-exchange';

interface Row {
  id: number;
  task_id: string | null;
  exchange_json: string;
  truncated: number;
}

/**
 * Every LLM exchange of each conversation (migration 015), newest first when read. Long section
 * texts are kept once, in `llm_prompt_texts` (migration 026), and pruned with the exchanges.
 */
export class ExchangeHistoryRepository {
  readonly #texts: PromptTextRepository;
  readonly #insert;
  readonly #page;
  readonly #byTask;
  readonly #latestAt;
  readonly #olderThan;
  readonly #agents;
  readonly #beyondNewest;
  readonly #keptBefore;

  constructor(db: SqliteDatabase) {
    this.#texts = new PromptTextRepository(db);
    this.#insert = db.prepare<{
      agent: string;
      network: string;
      channelId: number;
      taskId: string | null;
      at: string;
      json: string;
      truncated: number;
    }>(
      `INSERT INTO llm_exchange_history (agent, network, channel_id, task_id, at, exchange_json, truncated)
       VALUES (@agent, @network, @channelId, @taskId, @at, @json, @truncated)`,
    );
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    this.#page = db.prepare<ConversationKey & { beforeId: number; limit: number }, Row>(
      `SELECT id, task_id, exchange_json, truncated FROM llm_exchange_history
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId AND id < @beforeId
       ORDER BY id DESC LIMIT +@limit`,
    );
    this.#byTask = db.prepare<ConversationKey & { taskId: string }, Row>(
      `SELECT id, task_id, exchange_json, truncated FROM llm_exchange_history
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId AND task_id = +@taskId
       ORDER BY id DESC LIMIT 1`,
    );
    this.#latestAt = db.prepare<ConversationKey, { at: string }>(
      `SELECT at FROM llm_exchange_history
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId
       ORDER BY id DESC LIMIT 1`,
    );
    // Each conversation's newest exchange outlives pruning: it is the conversation's last exchange.
    const notLast = `id NOT IN (SELECT max(id) FROM llm_exchange_history GROUP BY agent, network, channel_id)`;
    this.#olderThan = db.prepare<[string]>(`DELETE FROM llm_exchange_history WHERE at < ? AND ${notLast}`);
    this.#agents = db.prepare<[], { agent: string }>('SELECT DISTINCT agent FROM llm_exchange_history');
    this.#beyondNewest = db.prepare<[string, string, number]>(
      `DELETE FROM llm_exchange_history WHERE agent = ? AND ${notLast} AND id IN (
         SELECT id FROM llm_exchange_history WHERE agent = ? ORDER BY id DESC LIMIT -1 OFFSET ?)`,
    );
    this.#keptBefore = db.prepare<[string], { exchange_json: string }>(
      'SELECT exchange_json FROM llm_exchange_history WHERE at < ?',
    );
  }

  /** Call it inside `store.transaction`: a rollback there forgets the prompt texts it kept. */
  append(conversation: ConversationKey, taskId: string | null, exchange: LlmExchangeView): void {
    const kept = storedExchangeJson(exchange, (text) => this.#texts.keep(text, exchange.at));
    this.#insert.run({
      ...conversation,
      taskId,
      at: exchange.at,
      json: kept.json,
      truncated: kept.truncated ? 1 : 0,
    });
  }

  /** Forgets what it remembers of texts it kept: the transaction that kept them rolled back. */
  forgetWrites(): void {
    this.#texts.forget();
  }

  /** The conversation's exchanges before `beforeId` (all when absent), newest first. */
  page(conversation: ConversationKey, options: { beforeId?: number; limit: number }): ExchangeRecord[] {
    return this.#page
      .all({ ...conversation, beforeId: options.beforeId ?? Number.MAX_SAFE_INTEGER, limit: options.limit })
      .map((row) => this.#record(row));
  }

  /** The conversation's last exchange, for the Playground. */
  latest(conversation: ConversationKey): ExchangeRecord | null {
    return this.page(conversation, { limit: 1 })[0] ?? null;
  }

  /** When the conversation's last exchange was, without reading the exchange itself (every turn asks). */
  latestAt(conversation: ConversationKey): string | null {
    return this.#latestAt.get(conversation)?.at ?? null;
  }

  /** The last exchange a task made (a turn that was retried made several). */
  byTask(conversation: ConversationKey, taskId: string): ExchangeRecord | null {
    const row = this.#byTask.get({ ...conversation, taskId });
    return row ? this.#record(row) : null;
  }

  /**
   * Drops exchanges older than `cutoff` and, per agent, all but the newest `keepPerAgent`; each
   * conversation's last exchange stays.
   */
  prune(cutoff: Date, keepPerAgent: number): number {
    let removed = this.#olderThan.run(cutoff.toISOString()).changes;
    for (const { agent } of this.#agents.all())
      removed += this.#beyondNewest.run(agent, agent, keepPerAgent).changes;
    // What is older than the cutoff now are conversations' last exchanges: their texts stay too.
    const at = cutoff.toISOString();
    for (const { exchange_json } of this.#keptBefore.all(at)) {
      for (const hash of namedTexts(exchange_json)) this.#texts.markUsed(hash, at);
    }
    this.#texts.pruneBefore(at);
    return removed;
  }

  #record(row: Row): ExchangeRecord {
    return {
      ...exchangeFromStored(row.exchange_json, (hash) => this.#texts.text(hash)),
      id: row.id,
      taskId: row.task_id,
      truncated: row.truncated === 1,
    };
  }
}
