import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ExchangeHistoryRepository } from '../../../../src/main/store/exchange-history-repository';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration025LastExchangeFromHistory } from '../../../../src/main/store/migrations/025-last-exchange-from-history';
import type { LlmExchangeView } from '../../../../src/shared/api/conversation-contract';
import type { ConversationKey } from '../../../../src/shared/domain/conversation-key';

const ADA: ConversationKey = { agent: 'Ada', network: 'simulator', channelId: 7 };
const BO: ConversationKey = { agent: 'Bo', network: 'telegram', channelId: 9 };

function insertLastExchange(
  db: BetterSqlite3.Database,
  conversation: ConversationKey,
  at: string,
  reply: string,
) {
  db.prepare(
    `INSERT INTO llm_exchanges (agent, network, channel_id, at, provider, model, sections_json, turns_json,
       raw_reply, input_tokens, output_tokens, cached_tokens, cost_usd, latency_ms, error)
     VALUES (?, ?, ?, ?, 'gemini', 'gemini-2.5-flash', ?, ?, ?, 10, 2, 0, NULL, 120, NULL)`,
  ).run(
    conversation.agent,
    conversation.network,
    conversation.channelId,
    at,
    JSON.stringify(exchangeAt(at, reply).sections),
    JSON.stringify(exchangeAt(at, reply).turns),
    reply,
  );
}

/** The exchange insertLastExchange writes, as the history reads it. */
function exchangeAt(at: string, reply: string): LlmExchangeView {
  return {
    at,
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    sections: [{ id: 'instructions', title: 'Instructions', text: 'Be kind.', stable: true }],
    turns: [{ role: 'user', parts: ['hello'] }],
    rawReply: reply,
    inputTokens: 10,
    outputTokens: 2,
    cachedTokens: 0,
    costUsd: null,
    latencyMs: 120,
    error: null,
  };
}

describe('migration 025 last exchange from history', () => {
  it('is version 25, the twenty-fifth', () => {
    expect(migration025LastExchangeFromHistory.version).toBe(25);
    expect(MIGRATIONS[24]).toBe(migration025LastExchangeFromHistory);
  });

  it('moves a last exchange the history lacks into it, and drops the copy', () => {
    const db = new BetterSqlite3(':memory:');
    for (const migration of MIGRATIONS.slice(0, 24)) migration.up(db);
    const history = new ExchangeHistoryRepository(db);
    // Ada's last exchange is in the history too; Bo's history was pruned away.
    insertLastExchange(db, ADA, '2026-11-20T10:00:00.000Z', 'ada last');
    history.append(ADA, 'received-1', {
      ...exchangeAt('2026-11-20T10:00:00.000Z', 'ada last'),
      sections: [],
      turns: [],
    });
    insertLastExchange(db, BO, '2026-10-01T08:00:00.000Z', 'bo last');

    migration025LastExchangeFromHistory.up(db);

    expect(history.page(ADA, { limit: 10 }).map((record) => record.rawReply)).toEqual(['ada last']);
    expect(history.latest(BO)).toEqual({
      id: expect.any(Number),
      taskId: null,
      truncated: false,
      ...exchangeAt('2026-10-01T08:00:00.000Z', 'bo last'),
    });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'llm_exchanges'").get()).toEqual({
      n: 0,
    });
  });
});
