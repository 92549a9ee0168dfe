import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration004LlmPrices } from '../../../../src/main/store/migrations/004-llm-prices';

function migrated(): BetterSqlite3.Database {
  const db = new BetterSqlite3(':memory:');
  migration004LlmPrices.up(db);
  return db;
}

describe('migration 004 llm prices', () => {
  it('is version 4', () => {
    expect(migration004LlmPrices.version).toBe(4);
  });

  it('creates the price catalogue table', () => {
    const db = migrated();
    const columns = db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('llm_prices')")
      .all()
      .map((row) => row.name);
    expect(columns).toEqual([
      'model_id',
      'provider',
      'input_usd_per_mtok',
      'output_usd_per_mtok',
      'cached_input_usd_per_mtok',
      'display_name',
      'source',
      'updated_at',
    ]);
    db.close();
  });

  it('seeds the shipped catalogue with valid prices and ISO times', () => {
    const db = migrated();
    const rows = db
      .prepare<
        [],
        {
          model_id: string;
          source: string;
          input: number;
          output: number;
          cached: number | null;
          updated_at: string;
        }
      >(
        `SELECT model_id, source, input_usd_per_mtok AS input, output_usd_per_mtok AS output,
           cached_input_usd_per_mtok AS cached, updated_at FROM llm_prices`,
      )
      .all();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.source).toBe('shipped');
      expect(row.input).toBeGreaterThan(0);
      expect(row.output).toBeGreaterThanOrEqual(row.input);
      if (row.cached !== null) expect(row.cached).toBeLessThanOrEqual(row.input);
      expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    db.close();
  });

  it('matches model ids case-insensitively, so one model cannot have two prices', () => {
    const db = migrated();
    const insert = db.prepare(
      `INSERT INTO llm_prices (model_id, provider, input_usd_per_mtok, output_usd_per_mtok, display_name, updated_at)
       VALUES (?, 'openai', 1, 2, 'x', 't')`,
    );
    expect(() => insert.run('GPT-5-MINI')).toThrow(/UNIQUE/);
    db.close();
  });

  it('rejects negative prices and unknown sources', () => {
    const db = migrated();
    const insert = db.prepare(
      `INSERT INTO llm_prices (model_id, provider, input_usd_per_mtok, output_usd_per_mtok, display_name, source, updated_at)
       VALUES (?, 'openai', ?, 1, 'x', ?, 't')`,
    );
    expect(() => insert.run('a', -1, 'operator')).toThrow(/CHECK/);
    expect(() => insert.run('b', 1, 'guess')).toThrow(/CHECK/);
    expect(() => insert.run('c', 1, 'operator')).not.toThrow();
    db.close();
  });
});
