import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';

// The orders the per-conversation lists a turn reads promise (their statements bind parameters as
// +@name: see PLANNED_ONCE in database.ts). Ties are pinned for summaries and sessions; the other
// lists' tie-breakers match the tables' own order, so these tests cannot tell them apart.

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 5001 };
const OTHER_CHAT = { ...CHAT, channelId: 5002 };

describe('per-conversation lists', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  it('gives summaries by range, then id', () => {
    const summary = (id: string, minMessageId: number, maxMessageId: number) => ({
      id,
      content: id,
      minMessageId,
      maxMessageId,
      firstMessageDate: null,
      lastMessageDate: null,
      created: '2026-01-01',
      origin: 'summarizer' as const,
    });
    const at = new Date('2026-01-01T00:00:00Z');
    for (const [id, min, max] of [
      ['late', 20, 29],
      ['b', 1, 9],
      ['wide', 1, 19],
      ['a', 1, 9],
    ] as const) {
      store.summaries.put(CHAT, summary(id, min, max), at);
    }
    store.summaries.put(OTHER_CHAT, summary('elsewhere', 0, 1), at);
    expect(store.summaries.list(CHAT).map(({ id }) => id)).toEqual(['a', 'b', 'wide', 'late']);
  });

  it('gives session summaries by first message, then id', () => {
    const session = (id: string, minMessageId: number) => ({
      id,
      topic: id,
      content: id,
      minMessageId,
      maxMessageId: minMessageId + 5,
      firstAt: '2026-01-01T00:00:00.000Z',
      lastAt: '2026-01-01T01:00:00.000Z',
      createdAt: '2026-01-01T02:00:00.000Z',
    });
    for (const [id, min] of [
      ['a-last', 30],
      ['s1b', 10],
      ['s1a', 10],
    ] as const) {
      store.sessionMemory.addSession(CHAT, session(id, min));
    }
    expect(store.sessionMemory.sessions(CHAT).map(({ id }) => id)).toEqual(['s1a', 's1b', 'a-last']);
  });

  it("gives a person's current facts oldest first, and facts written at once in the order written", () => {
    const owner = { agent: 'Ada', network: 'telegram' as const, partnerId: 7 };
    const fact = (id: string) => ({
      id,
      category: 'general' as const,
      key: null,
      content: id,
      sourceChannelId: null,
      sourceMessageIds: [],
      writtenBy: 'agent' as const,
    });
    store.facts.insert(owner, fact('later'), new Date('2026-02-01T00:00:00Z'));
    const together = new Date('2026-01-01T00:00:00Z');
    for (const id of ['z-first', 'a-second', 'm-third']) store.facts.insert(owner, fact(id), together);
    store.facts.retract(owner, 'a-second', new Date('2026-03-01T00:00:00Z'));
    expect(store.facts.current(owner).map(({ id }) => id)).toEqual(['z-first', 'm-third', 'later']);
  });

  it('gives scheduled events soonest first, then by id', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const due = (iso: string) => ({
      intent: 'remind',
      dueAt: new Date(iso),
      intervalSeconds: null,
      remaining: null,
    });
    store.scheduledEvents.put(CHAT, 'a-late', due('2026-05-01T00:00:00Z'), at);
    store.scheduledEvents.put(CHAT, 'e-b', due('2026-04-01T00:00:00Z'), at);
    store.scheduledEvents.put(CHAT, 'e-a', due('2026-04-01T00:00:00Z'), at);
    expect(store.scheduledEvents.list(CHAT).map(({ id }) => id)).toEqual(['e-a', 'e-b', 'a-late']);
  });

  it('gives live fetched documents oldest first, then by address, without the expired ones', () => {
    const document = (url: string, fetchedAt: string, expiresAt = '2026-12-01T00:00:00.000Z') => ({
      url,
      text: url,
      fetchedAt,
      expiresAt,
    });
    store.retrieval.keepDocument(CHAT, document('https://b.example/', '2026-01-02T00:00:00.000Z'));
    store.retrieval.keepDocument(CHAT, document('https://z.example/', '2026-01-01T00:00:00.000Z'));
    store.retrieval.keepDocument(CHAT, document('https://a.example/', '2026-01-02T00:00:00.000Z'));
    store.retrieval.keepDocument(
      CHAT,
      document('https://gone.example/', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'),
    );
    const now = new Date('2026-06-01T00:00:00Z');
    expect(store.retrieval.liveDocuments(CHAT, now).map(({ url }) => url)).toEqual([
      'https://z.example/',
      'https://a.example/',
      'https://b.example/',
    ]);
  });
});
