import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration021Retrieval } from '../../../../src/main/store/migrations/021-retrieval';
import { RetrievalRepository } from '../../../../src/main/store/retrieval-repository';

const NOW = new Date('2026-03-02T10:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function repository(): RetrievalRepository {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS) migration.up(db);
  return new RetrievalRepository(db);
}

function page(text: string, fetchedAt: Date) {
  return { text, readable: true, status: 200, bytes: text.length, fetchedAt: fetchedAt.toISOString() };
}

describe('migration 021 retrieval', () => {
  it('is version 21, the twenty-first', () => {
    expect(migration021Retrieval.version).toBe(21);
    expect(MIGRATIONS[20]).toBe(migration021Retrieval);
  });

  it('serves a cached page until it expires', () => {
    const retrieval = repository();
    retrieval.cachePage('https://a.example/', page('A', NOW), later(60), 1000, NOW);
    expect(retrieval.cachedPage('https://a.example/', later(59))).toMatchObject({
      text: 'A',
      readable: true,
      status: 200,
    });
    expect(retrieval.cachedPage('https://a.example/', later(60))).toBeNull();
    expect(retrieval.cachedPage('https://other.example/', NOW)).toBeNull();
  });

  it('drops the oldest pages while the cache holds more than its size', () => {
    const retrieval = repository();
    retrieval.cachePage('https://old.example/', page('x'.repeat(40), NOW), later(60), 100, NOW);
    retrieval.cachePage('https://mid.example/', page('y'.repeat(40), later(1)), later(61), 100, later(1));
    retrieval.cachePage('https://new.example/', page('z'.repeat(40), later(2)), later(62), 100, later(2));
    expect(retrieval.cachedPage('https://old.example/', later(3))).toBeNull();
    expect(retrieval.cachedPage('https://mid.example/', later(3))).not.toBeNull();
    expect(retrieval.cachedPage('https://new.example/', later(3))).not.toBeNull();
  });

  it("keeps each conversation's documents apart until they expire, one per address", () => {
    const retrieval = repository();
    const chat = { agent: 'Ada', network: 'simulator' as const, channelId: 5 };
    const keep = (url: string, text: string, minutes: number) =>
      retrieval.keepDocument(chat, {
        url,
        text,
        fetchedAt: NOW.toISOString(),
        expiresAt: later(minutes).toISOString(),
      });
    keep('https://a.example/', 'first', 15);
    keep('https://a.example/', 'again', 15);
    keep('file:menu', 'menu', 5);
    expect(retrieval.liveDocuments(chat, NOW).map((document) => document.text)).toEqual(['menu', 'again']);
    expect(retrieval.liveDocuments(chat, later(10)).map((document) => document.url)).toEqual([
      'https://a.example/',
    ]);
    expect(retrieval.liveDocuments({ ...chat, network: 'telegram' }, NOW)).toEqual([]);
    retrieval.dropExpiredDocuments(later(20));
    expect(retrieval.liveDocuments(chat, NOW)).toEqual([]);
  });
});
