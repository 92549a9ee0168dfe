import {
  type ExchangeRecord,
  type LlmExchangeView,
  LlmExchangeViewSchema,
} from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

/** An exchange larger than this (its JSON) is kept cut down. */
const MAX_EXCHANGE_CHARS = 256 * 1024;
/** How long one text of a cut-down exchange may stay. */
const CUT_TEXT_CHARS = 4_000;
const CUT_MARK = '… [cut: the exchange was too large to keep whole]';

interface Row {
  id: number;
  task_id: string | null;
  exchange_json: string;
  truncated: number;
}

function cut(text: string): string {
  return text.length > CUT_TEXT_CHARS ? `${text.slice(0, CUT_TEXT_CHARS)}${CUT_MARK}` : text;
}

/** The exchange's JSON as it can be kept: whole, or with every long text cut, then only the latest turns. */
function keepable(exchange: LlmExchangeView): { json: string; truncated: boolean } {
  const whole = JSON.stringify(exchange);
  if (whole.length <= MAX_EXCHANGE_CHARS) return { json: whole, truncated: false };
  const shortened: LlmExchangeView = {
    ...exchange,
    sections: exchange.sections.map((section) => ({ ...section, text: cut(section.text) })),
    turns: exchange.turns.map((turn) => ({ ...turn, parts: turn.parts.map(cut) })),
    rawReply: exchange.rawReply === null ? null : cut(exchange.rawReply),
  };
  let json = JSON.stringify(shortened);
  while (json.length > MAX_EXCHANGE_CHARS && shortened.turns.length > 1) {
    shortened.turns = shortened.turns.slice(Math.ceil(shortened.turns.length / 2));
    json = JSON.stringify(shortened);
  }
  return { json, truncated: true };
}

function toRecord(row: Row): ExchangeRecord {
  return {
    ...LlmExchangeViewSchema.parse(JSON.parse(row.exchange_json)),
    id: row.id,
    taskId: row.task_id,
    truncated: row.truncated === 1,
  };
}

/** Every LLM exchange of each conversation (migration 015), newest first when read. */
export class ExchangeHistoryRepository {
  readonly #insert;
  readonly #page;
  readonly #byTask;
  readonly #latestAt;
  readonly #olderThan;
  readonly #agents;
  readonly #beyondNewest;

  constructor(db: SqliteDatabase) {
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
    this.#page = db.prepare<ConversationKey & { beforeId: number; limit: number }, Row>(
      `SELECT id, task_id, exchange_json, truncated FROM llm_exchange_history
       WHERE agent = @agent AND network = @network AND channel_id = @channelId AND id < @beforeId
       ORDER BY id DESC LIMIT @limit`,
    );
    this.#byTask = db.prepare<ConversationKey & { taskId: string }, Row>(
      `SELECT id, task_id, exchange_json, truncated FROM llm_exchange_history
       WHERE agent = @agent AND network = @network AND channel_id = @channelId AND task_id = @taskId
       ORDER BY id DESC LIMIT 1`,
    );
    this.#latestAt = db.prepare<ConversationKey, { at: string }>(
      `SELECT at FROM llm_exchange_history
       WHERE agent = @agent AND network = @network AND channel_id = @channelId
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
  }

  append(conversation: ConversationKey, taskId: string | null, exchange: LlmExchangeView): void {
    const kept = keepable(exchange);
    this.#insert.run({
      ...conversation,
      taskId,
      at: exchange.at,
      json: kept.json,
      truncated: kept.truncated ? 1 : 0,
    });
  }

  /** The conversation's exchanges before `beforeId` (all when absent), newest first. */
  page(conversation: ConversationKey, options: { beforeId?: number; limit: number }): ExchangeRecord[] {
    return this.#page
      .all({ ...conversation, beforeId: options.beforeId ?? Number.MAX_SAFE_INTEGER, limit: options.limit })
      .map(toRecord);
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
    return row ? toRecord(row) : null;
  }

  /**
   * Drops exchanges older than `cutoff` and, per agent, all but the newest `keepPerAgent`; each
   * conversation's last exchange stays.
   */
  prune(cutoff: Date, keepPerAgent: number): number {
    let removed = this.#olderThan.run(cutoff.toISOString()).changes;
    for (const { agent } of this.#agents.all())
      removed += this.#beyondNewest.run(agent, agent, keepPerAgent).changes;
    return removed;
  }
}
