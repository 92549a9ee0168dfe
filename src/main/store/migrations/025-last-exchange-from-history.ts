import type { Migration } from './migration';

/**
 * The last exchange of each conversation is the newest row of `llm_exchange_history`, which
 * pruning now always keeps: `llm_exchanges` held a second copy of it, written on every turn.
 * A conversation whose last exchange is only there (its history was pruned, or it predates
 * migration 015) gets it as a history row before the table goes.
 */
export const migration025LastExchangeFromHistory: Migration = {
  version: 25,
  name: 'last-exchange-from-history',
  up(db) {
    db.exec(`
      INSERT INTO llm_exchange_history (agent, network, channel_id, task_id, at, exchange_json, truncated)
      SELECT e.agent, e.network, e.channel_id, NULL, e.at,
        json_object('at', e.at, 'provider', e.provider, 'model', e.model,
          'sections', json(e.sections_json), 'turns', json(e.turns_json), 'rawReply', e.raw_reply,
          'inputTokens', e.input_tokens, 'outputTokens', e.output_tokens,
          'cachedTokens', e.cached_tokens, 'costUsd', e.cost_usd, 'latencyMs', e.latency_ms,
          'error', e.error),
        0
      FROM llm_exchanges e
      WHERE NOT EXISTS (
        SELECT 1 FROM llm_exchange_history h
        WHERE h.agent = e.agent AND h.network = e.network AND h.channel_id = e.channel_id
          AND h.at >= e.at
      )
      ORDER BY e.at;
      DROP TABLE llm_exchanges;
    `);
  },
};
