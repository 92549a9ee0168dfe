import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration018UsageLedgerColumns } from '../../../../src/main/store/migrations/018-usage-ledger-columns';

const insert = `INSERT INTO task_log (timestamp, agent_config_name, channel_id, action_kind, details_json)
  VALUES ('2026-03-01T10:00:00.000Z', 'Ada', 7, ?, ?)`;
const ledgerRow = {
  operation: 'received',
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  input_tokens: 1200,
  output_tokens: 80,
  cached_tokens: 300,
  thinking_tokens: 0,
  cost_usd: 0.0012,
  unknown_price: false,
  latency_ms: 400,
  network: 'telegram',
};
const COLUMNS = `usage_network AS network, usage_operation AS operation, usage_provider AS provider,
  usage_model AS model, usage_cost_usd AS cost, usage_input_tokens AS input, usage_output_tokens AS output,
  usage_cached_tokens AS cached, usage_thinking_tokens AS thinking`;

/** A database at version 17 with one ledger row and one other row, then migration 018. */
function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS.slice(0, 17)) migration.up(db);
  db.prepare(insert).run('llm_usage', JSON.stringify(ledgerRow));
  db.prepare(insert).run('send', JSON.stringify({ model: 'not a ledger row', cost_usd: 9 }));
  migration018UsageLedgerColumns.up(db);
  return db;
}

describe('migration 018 usage ledger columns', () => {
  it('is version 18, after 17', () => {
    expect(migration018UsageLedgerColumns.version).toBe(18);
    expect(MIGRATIONS[17]).toBe(migration018UsageLedgerColumns);
  });

  it('reads the ledger fields of rows written before it, and nothing outside the ledger', () => {
    const db = migrated();
    expect(db.prepare(`SELECT action_kind, ${COLUMNS} FROM task_log ORDER BY id`).all()).toEqual([
      {
        action_kind: 'llm_usage',
        network: 'telegram',
        operation: 'received',
        provider: 'gemini',
        model: 'gemini-2.5-flash',
        cost: 0.0012,
        input: 1200,
        output: 80,
        cached: 300,
        thinking: 0,
      },
      {
        action_kind: 'send',
        network: null,
        operation: null,
        provider: null,
        model: null,
        cost: null,
        input: null,
        output: null,
        cached: null,
        thinking: null,
      },
    ]);
    db.close();
  });

  it('still takes a ledger row with odd details, its numbers read as the sums read them', () => {
    const db = migrated();
    const odd = {
      ...ledgerRow,
      cost_usd: null,
      input_tokens: '12',
      output_tokens: 'many',
      cached_tokens: [1],
    };
    expect(() => db.prepare(insert).run('llm_usage', JSON.stringify(odd))).not.toThrow();
    expect(db.prepare(`SELECT ${COLUMNS} FROM task_log ORDER BY id DESC LIMIT 1`).get()).toMatchObject({
      cost: null,
      input: 12,
      output: 0,
      cached: 0,
    });
    db.close();
  });
});
