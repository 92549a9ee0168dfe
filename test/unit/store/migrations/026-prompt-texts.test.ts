import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration026PromptTexts } from '../../../../src/main/store/migrations/026-prompt-texts';
import { PromptTextRepository, promptTextHash } from '../../../../src/main/store/prompt-text-repository';

function repository() {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS) migration.up(db);
  return { db, texts: new PromptTextRepository(db) };
}

const lastUsed = (db: BetterSqlite3.Database, hash: string) =>
  db.prepare('SELECT last_used FROM llm_prompt_texts WHERE hash = ?').pluck().get(hash);

describe('migration 026 prompt texts', () => {
  it('is version 26, the twenty-sixth', () => {
    expect(migration026PromptTexts.version).toBe(26);
    expect(MIGRATIONS[25]).toBe(migration026PromptTexts);
  });

  it('keeps a text once under its hash, marked used at most daily', () => {
    const { db, texts } = repository();
    const hash = texts.keep('Speak plainly.', '2026-11-01T10:00:00.000Z');
    expect(hash).toBe(promptTextHash('Speak plainly.'));
    expect(texts.keep('Speak plainly.', '2026-11-01T20:00:00.000Z')).toBe(hash);
    expect(db.prepare('SELECT count(*) FROM llm_prompt_texts').pluck().get()).toBe(1);
    expect(lastUsed(db, hash)).toBe('2026-11-01T10:00:00.000Z');
    texts.keep('Speak plainly.', '2026-11-03T09:00:00.000Z');
    expect(lastUsed(db, hash)).toBe('2026-11-03T09:00:00.000Z');
    expect(texts.text(hash)).toBe('Speak plainly.');
    expect(texts.text(promptTextHash('never kept'))).toBeNull();
  });

  it('prunes only texts no exchange kept from the cutoff on can name', () => {
    const { db, texts } = repository();
    const old = texts.keep('An old persona.', '2026-10-01T10:00:00.000Z');
    const recent = texts.keep('A recent persona.', '2026-11-01T10:00:00.000Z');
    // A text last marked within a day before the cutoff may still be named by a kept exchange.
    expect(texts.pruneBefore('2026-10-02T09:00:00.000Z')).toBe(0);
    expect(texts.pruneBefore('2026-11-01T10:00:00.000Z')).toBe(1);
    expect(texts.text(old)).toBeNull();
    expect(texts.text(recent)).toBe('A recent persona.');
    // Marking never moves a use back in time; marking at the cutoff keeps a text through it.
    texts.markUsed(recent, '2026-10-15T00:00:00.000Z');
    expect(lastUsed(db, recent)).toBe('2026-11-01T10:00:00.000Z');
    texts.markUsed(recent, '2026-12-20T00:00:00.000Z');
    expect(texts.pruneBefore('2026-12-20T00:00:00.000Z')).toBe(0);
    expect(texts.pruneBefore('2026-12-22T00:00:00.000Z')).toBe(1);
  });
});
