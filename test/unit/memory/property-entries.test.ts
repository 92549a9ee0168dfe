import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { normalizeCreated } from '../../../src/main/memory/entries/created-time';
import { applyPropertyEntryTask, memoryOwner } from '../../../src/main/memory/entries/property-entries';
import { openStore, type Store } from '../../../src/main/store';

const NOW = new Date('2026-03-02T10:00:00Z');
const HERE = { agent: 'Ada', network: 'simulator' as const, channelId: 111 };
const THERE = { agent: 'Ada', network: 'simulator' as const, channelId: 222 };

describe('created stamps', () => {
  it('keeps a date as written', () => {
    expect(normalizeCreated('2025-12-24', 'Europe/Dublin', NOW)).toBe('2025-12-24');
  });

  it("moves a date-time with an offset into the agent's zone", () => {
    expect(normalizeCreated('2026-07-01T12:00:00Z', 'Europe/Dublin', NOW)).toBe('2026-07-01T13:00:00+01:00');
  });

  it("reads a date-time without an offset as the agent's local time", () => {
    expect(normalizeCreated('2026-01-15 09:30', 'America/New_York', NOW)).toBe('2026-01-15T09:30:00-05:00');
  });

  it('uses now for anything else', () => {
    expect(normalizeCreated(undefined, 'UTC', NOW)).toBe('2026-03-02T10:00:00+00:00');
    expect(normalizeCreated('last summer', 'Asia/Tokyo', NOW)).toBe('2026-03-02T19:00:00+09:00');
    expect(normalizeCreated('2026-02-30', 'UTC', NOW)).toBe('2026-03-02T10:00:00+00:00');
  });
});

describe('property entries', () => {
  let store: Store;
  const context = (conversation = HERE, now = NOW) => ({
    conversation,
    channelName: `chat ${conversation.channelId}`,
    timeZone: 'UTC',
    now,
  });

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });

  afterEach(() => store.close());

  it('creates, replaces in place and deletes with empty content', () => {
    const apply = (id: string, content: string) =>
      applyPropertyEntryTask(store.memoryEntries, { kind: 'note', id, content }, context());
    expect(apply('n1', 'first')).toBe('created');
    apply('n2', 'second');
    expect(apply('n1', 'first again')).toBe('updated');
    expect(store.memoryEntries.list(memoryOwner('note', HERE)).map((entry) => entry.content)).toEqual([
      'first again',
      'second',
    ]);
    expect(apply('n2', '  ')).toBe('deleted');
    expect(apply('n9', '')).toBe('absent');
    expect(store.memoryEntries.list(memoryOwner('note', HERE)).map((entry) => entry.id)).toEqual(['n1']);
  });

  it('keeps notes and plans per conversation, memories and intentions for the agent', () => {
    applyPropertyEntryTask(store.memoryEntries, { kind: 'plan', id: 'p', content: 'plan here' }, context());
    applyPropertyEntryTask(store.memoryEntries, { kind: 'intend', id: 'i', content: 'intent' }, context());
    expect(store.memoryEntries.list(memoryOwner('plan', THERE))).toEqual([]);
    expect(store.memoryEntries.list(memoryOwner('intention', THERE)).map((entry) => entry.content)).toEqual([
      'intent',
    ]);
  });

  it('remembers where a memory was made, also when it is revised elsewhere', () => {
    applyPropertyEntryTask(
      store.memoryEntries,
      { kind: 'remember', id: 'm', content: 'likes tea' },
      context(),
    );
    applyPropertyEntryTask(
      store.memoryEntries,
      { kind: 'remember', id: 'm', content: 'loves tea' },
      context(THERE),
    );
    expect(store.memoryEntries.list(memoryOwner('memory', THERE))).toEqual([
      {
        id: 'm',
        content: 'loves tea',
        created: '2026-03-02T10:00:00+00:00',
        creationChannelId: 111,
        creationChannelName: 'chat 111',
      },
    ]);
  });

  it('keeps the created stamp on an update that gives none, and takes a new one when given', () => {
    applyPropertyEntryTask(
      store.memoryEntries,
      { kind: 'note', id: 'n', content: 'a', created: '2025-01-01' },
      context(),
    );
    const later = new Date('2026-04-01T00:00:00Z');
    applyPropertyEntryTask(
      store.memoryEntries,
      { kind: 'note', id: 'n', content: 'b' },
      context(HERE, later),
    );
    expect(store.memoryEntries.get(memoryOwner('note', HERE), 'n')!.created).toBe('2025-01-01');
    applyPropertyEntryTask(
      store.memoryEntries,
      { kind: 'note', id: 'n', content: 'c', created: '2025-06-01' },
      context(HERE, later),
    );
    expect(store.memoryEntries.get(memoryOwner('note', HERE), 'n')!.created).toBe('2025-06-01');
  });
});
