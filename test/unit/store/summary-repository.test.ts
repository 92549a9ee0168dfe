import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';
import type { MemorySummary } from '../../../src/shared/domain/memory';

const AT = new Date('2026-03-02T10:00:00Z');
const CHAT = { agent: 'Ada', network: 'simulator' as const, channelId: 9_000_000_001 };

function summary(id: string, minMessageId: number, maxMessageId: number): MemorySummary {
  return {
    id,
    content: `messages ${minMessageId} to ${maxMessageId}`,
    minMessageId,
    maxMessageId,
    firstMessageDate: '2026-03-01',
    lastMessageDate: '2026-03-02',
    created: '2026-03-02',
    origin: 'summarizer',
  };
}

describe('conversation summaries', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });

  afterEach(() => store.close());

  it('lists a chat’s summaries in the order of the messages they cover', () => {
    store.summaries.put(CHAT, summary('summary-b', 41, 80), AT);
    store.summaries.put(CHAT, summary('summary-a', 1, 40), AT);
    store.summaries.put({ ...CHAT, channelId: 7 }, summary('elsewhere', 1, 500), AT);
    expect(store.summaries.list(CHAT).map((entry) => entry.id)).toEqual(['summary-a', 'summary-b']);
    expect(store.summaries.highestSummarizedId(CHAT)).toBe(80);
    expect(store.summaries.highestSummarizedId({ ...CHAT, network: 'telegram' })).toBeNull();
  });

  it('replaces a summary by id, deletes one, and clears a chat', () => {
    expect(store.summaries.put(CHAT, summary('summary-a', 1, 40), AT)).toBe('created');
    expect(store.summaries.put(CHAT, { ...summary('summary-a', 1, 60), content: 'revised' }, AT)).toBe(
      'updated',
    );
    expect(store.summaries.get(CHAT, 'summary-a')).toMatchObject({ content: 'revised', maxMessageId: 60 });
    store.summaries.put(CHAT, summary('summary-b', 61, 90), AT);
    expect(store.summaries.delete(CHAT, 'summary-a')).toBe(true);
    expect(store.summaries.delete(CHAT, 'summary-a')).toBe(false);
    expect(store.summaries.clear(CHAT)).toBe(1);
    expect(store.summaries.list(CHAT)).toEqual([]);
  });

  it('lists a chat’s summaries as stored after each write, and hands out copies', () => {
    const ids = () => store.summaries.list(CHAT).map((entry) => entry.id);
    expect(ids()).toEqual([]);
    store.summaries.put(CHAT, summary('summary-a', 1, 40), AT);
    expect(ids()).toEqual(['summary-a']);
    store.summaries.put(CHAT, { ...summary('summary-a', 1, 40), content: 'revised' }, AT);
    expect(store.summaries.list(CHAT)[0]?.content).toBe('revised');
    store.summaries.list(CHAT)[0]!.content = 'changed by a caller';
    expect(store.summaries.list(CHAT)[0]?.content).toBe('revised');
    store.summaries.put(CHAT, summary('summary-b', 41, 80), AT);
    expect(ids()).toEqual(['summary-a', 'summary-b']);
    store.summaries.delete(CHAT, 'summary-a');
    expect(ids()).toEqual(['summary-b']);
    store.summaries.clear(CHAT);
    expect(ids()).toEqual([]);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => store.summaries.put(CHAT, summary('summary-x', 10, 5), AT)).toThrow(/CHECK/);
  });
});
