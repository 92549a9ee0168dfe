import { z } from 'zod';
import {
  type LlmExchangeView,
  LlmExchangeViewSchema,
  PromptSectionViewSchema,
} from '../../shared/api/conversation-contract';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

interface ExchangeRow {
  agent: string;
  network: string;
  channel_id: number;
  at: string;
  provider: string;
  model: string;
  sections_json: string;
  turns_json: string;
  raw_reply: string | null;
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  cost_usd: number | null;
  latency_ms: number;
  error: string | null;
}

const SectionsSchema = z.array(PromptSectionViewSchema);
const TurnsSchema = LlmExchangeViewSchema.shape.turns;

/** The last LLM exchange of each conversation, for the Playground (older ones live in the task log). */
export class EngineExchangeRepository {
  readonly #select;
  readonly #selectAt;
  readonly #upsert;

  constructor(db: SqliteDatabase) {
    this.#select = db.prepare<[string, string, number], ExchangeRow>(
      'SELECT * FROM llm_exchanges WHERE agent = ? AND network = ? AND channel_id = ?',
    );
    this.#selectAt = db.prepare<[string, string, number], { at: string }>(
      'SELECT at FROM llm_exchanges WHERE agent = ? AND network = ? AND channel_id = ?',
    );
    this.#upsert = db.prepare<ExchangeRow>(
      `INSERT OR REPLACE INTO llm_exchanges (agent, network, channel_id, at, provider, model, sections_json,
         turns_json, raw_reply, input_tokens, output_tokens, cached_tokens, cost_usd, latency_ms, error)
       VALUES (@agent, @network, @channel_id, @at, @provider, @model, @sections_json, @turns_json,
         @raw_reply, @input_tokens, @output_tokens, @cached_tokens, @cost_usd, @latency_ms, @error)`,
    );
  }

  get(conversation: ConversationKey): LlmExchangeView | null {
    const row = this.#select.get(conversation.agent, conversation.network, conversation.channelId);
    if (!row) return null;
    return {
      at: row.at,
      provider: row.provider,
      model: row.model,
      sections: SectionsSchema.parse(JSON.parse(row.sections_json)),
      turns: TurnsSchema.parse(JSON.parse(row.turns_json)),
      rawReply: row.raw_reply,
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      cachedTokens: row.cached_tokens,
      costUsd: row.cost_usd,
      latencyMs: row.latency_ms,
      error: row.error,
    };
  }

  /** When the conversation's last exchange was, without reading the exchange itself (every turn asks). */
  lastAt(conversation: ConversationKey): string | null {
    return this.#selectAt.get(conversation.agent, conversation.network, conversation.channelId)?.at ?? null;
  }

  /** Replaces the conversation's last exchange. */
  put(conversation: ConversationKey, exchange: LlmExchangeView): void {
    this.#upsert.run({
      agent: conversation.agent,
      network: conversation.network,
      channel_id: conversation.channelId,
      at: exchange.at,
      provider: exchange.provider,
      model: exchange.model,
      sections_json: JSON.stringify(exchange.sections),
      turns_json: JSON.stringify(exchange.turns),
      raw_reply: exchange.rawReply,
      input_tokens: exchange.inputTokens,
      output_tokens: exchange.outputTokens,
      cached_tokens: exchange.cachedTokens,
      cost_usd: exchange.costUsd,
      latency_ms: exchange.latencyMs,
      error: exchange.error,
    });
  }
}
