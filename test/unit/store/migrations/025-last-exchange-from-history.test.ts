import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ExchangeHistoryRepository } from '../../../../src/main/store/exchange-history-repository';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration025LastExchangeFromHistory } from '../../../../src/main/store/migrations/025-last-exchange-from-history';
import { migration026PromptTexts } from '../../../../src/main/store/migrations/026-prompt-texts';
import type { ConversationKey } from '../../../../src/shared/domain/conversation-key';
import { exchangeView } from '../../../support/exchanges';

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
    JSON.stringify(exchangeView(at, reply).sections),
    JSON.stringify(exchangeView(at, reply).turns),
    reply,
  );
}

describe('migration 025 last exchange from history', () => {
  it('is version 25, the twenty-fifth', () => {
    expect(migration025LastExchangeFromHistory.version).toBe(25);
    expect(MIGRATIONS[24]).toBe(migration025LastExchangeFromHistory);
  });

  it('moves a last exchange the history lacks into it, and drops the copy', () => {
    const db = new BetterSqlite3(':memory:');
    for (const migration of MIGRATIONS.slice(0, 24)) migration.up(db);
    // The repository of today also keeps prompt texts (026), which 025 does not touch.
    migration026PromptTexts.up(db);
    const history = new ExchangeHistoryRepository(db);
    // Ada's last exchange is in the history too; Bo's history was pruned away.
    insertLastExchange(db, ADA, '2026-11-20T10:00:00.000Z', 'ada last');
    history.append(ADA, 'received-1', {
      ...exchangeView('2026-11-20T10:00:00.000Z', 'ada last'),
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
      ...exchangeView('2026-10-01T08:00:00.000Z', 'bo last'),
    });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'llm_exchanges'").get()).toEqual({
      n: 0,
    });
  });
});
