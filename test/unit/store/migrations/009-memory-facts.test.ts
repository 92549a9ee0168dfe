import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration009MemoryFacts } from '../../../../src/main/store/migrations/009-memory-facts';

describe('migration 009 memory facts', () => {
  it('is version 9 and keeps facts of known categories and origins, indexed by their stems', () => {
    expect(migration009MemoryFacts.version).toBe(9);
    const db = new BetterSqlite3(':memory:');
    migration009MemoryFacts.up(db);
    const insert = db.prepare(`INSERT INTO memory_facts (agent, network, partner_id, id, category, content,
      written_by, written_at) VALUES ('Ada', 'simulator', 7, ?, ?, ?, ?, 't')`);
    insert.run('fact-1', 'work', 'Pat is teaching chemistry.', 'extraction');
    expect(() => insert.run('fact-1', 'work', 'again', 'extraction')).toThrow(/UNIQUE/);
    expect(() => insert.run('fact-2', 'hobby', 'x', 'extraction')).toThrow(/CHECK/);
    expect(() => insert.run('fact-3', 'work', 'x', 'rumour')).toThrow(/CHECK/);
    const found = db
      .prepare("SELECT count(*) AS n FROM memory_fact_stems WHERE memory_fact_stems MATCH 'teach'")
      .get();
    expect(found).toEqual({ n: 1 });
    db.prepare('DELETE FROM memory_facts').run();
    expect(
      db.prepare("SELECT count(*) AS n FROM memory_fact_stems WHERE memory_fact_stems MATCH 'teach'").get(),
    ).toEqual({ n: 0 });
    db.close();
  });
});
