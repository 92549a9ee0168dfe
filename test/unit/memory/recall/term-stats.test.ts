import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueryTerm } from '../../../../src/main/memory/recall/query';
import { termStats } from '../../../../src/main/memory/recall/term-stats';
import { message, recallStore } from './recall-store';

const CHAT = { agent: 'Ada', network: 'simulator' as const, channelId: 1 };
const FERRY: QueryTerm = { text: 'ferry', folded: 'ferry', stem: 'ferri', weight: 1, name: false };
const NOW = new Date('2026-03-02T10:00:00Z');
const MINUTE = 60_000;

describe('how common a query word is in the archive', () => {
  let store: ReturnType<typeof recallStore>;
  let nextId = 1;

  beforeEach(() => {
    store = recallStore();
    nextId = 1;
  });
  afterEach(() => store.close());

  /** Archives `count` messages reading `text`, indexed for search. */
  const archive = (count: number, text: string) => {
    const messages = Array.from({ length: count }, () => message(nextId++, text, '2025-01-01T12:00:00Z'));
    store.archive.put(CHAT, messages, NOW);
    store.archiveRecall.makeSearchable(CHAT, undefined);
  };

  it('counts a word again once the archive outgrows the count that made it common', () => {
    archive(205, 'the ferry is late');
    archive(2_295, 'nothing to see');
    // 2,500 messages: a word in 200 or more of them is common, and counting stopped at 200.
    expect(termStats(store, [FERRY], NOW).common(FERRY)).toBe(true);

    archive(100, 'nothing to see');
    // 2,600 messages: common from 208; the 205 must be counted in full to tell.
    expect(termStats(store, [FERRY], NOW).common(FERRY)).toBe(false);
  });

  it('keeps an exact count for minutes as the archive grows, then counts again', () => {
    archive(50, 'the ferry is late');
    archive(2_450, 'nothing to see');
    expect(termStats(store, [FERRY], NOW).common(FERRY)).toBe(false);

    archive(300, 'the ferry again');
    const soon = new Date(NOW.getTime() + MINUTE);
    expect(termStats(store, [FERRY], soon).common(FERRY)).toBe(false);
    const later = new Date(NOW.getTime() + 6 * MINUTE);
    expect(termStats(store, [FERRY], later).common(FERRY)).toBe(true);
  });
});
