import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import {
  applySummarizeTask,
  automaticSummaryBatch,
  type CoverableMessage,
  SUMMARY_POLICY,
  unsummarized,
} from '../../../src/main/memory';
import { MAX_SUMMARY_CHARS } from '../../../src/main/memory/summaries/apply-summary';
import { consolidationBatch, summaryCalls } from '../../../src/main/memory/summaries/summary-policy';
import { openStore, type Store } from '../../../src/main/store';
import type { MemorySummary } from '../../../src/shared/domain/memory';

const CHAT = { agent: 'Ada', network: 'simulator' as const, channelId: 9_000_000_001 };
const NOW = new Date('2026-03-10T12:00:00Z');

/** Messages `from`..`to`, one a day from 1 March. */
function messages(from: number, to: number): CoverableMessage[] {
  const list: CoverableMessage[] = [];
  for (let id = from; id <= to; id++) {
    list.push({
      messageId: id,
      sentAt: new Date(Date.UTC(2026, 2, 1) + (id - from) * 86_400_000).toISOString(),
    });
  }
  return list;
}

function summary(id: string, min: number, max: number): MemorySummary {
  return {
    id,
    content: `about ${min}-${max}`,
    minMessageId: min,
    maxMessageId: max,
    firstMessageDate: null,
    lastMessageDate: null,
    created: '2026-03-01',
    origin: 'summarizer',
  };
}

describe('when a conversation is summarized', () => {
  it('waits for enough unsummarized messages, then covers all but the newest', () => {
    const { unsummarizedTrigger, keepNewest } = SUMMARY_POLICY;
    expect(automaticSummaryBatch(messages(1, unsummarizedTrigger - 1), null)).toBeNull();
    const batch = automaticSummaryBatch(messages(1, unsummarizedTrigger), null)!;
    expect(batch.map((m) => m.messageId)).toEqual(
      messages(1, unsummarizedTrigger - keepNewest).map((m) => m.messageId),
    );
  });

  it('counts only messages newer than the highest summarized id', () => {
    const seen = messages(1, 100);
    expect(unsummarized(seen, 60).map((m) => m.messageId)[0]).toBe(61);
    expect(automaticSummaryBatch(seen, 60)).toBeNull();
    expect(automaticSummaryBatch(seen, 30)!.map((m) => m.messageId)).toEqual(
      messages(31, 80).map((m) => m.messageId),
    );
  });

  it('merges the oldest five once a chat has seven summaries', () => {
    const six = [6, 1, 5, 2, 4, 3].map((n) => summary(`s${n}`, n * 10, n * 10 + 9));
    expect(consolidationBatch(six)).toBeNull();
    const seven = [...six, summary('s7', 70, 79)];
    expect(consolidationBatch(seven)!.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('reads a long backlog in calls of bounded size, oldest first', () => {
    const calls = summaryCalls(messages(1, SUMMARY_POLICY.maxMessagesPerCall * 2 + 1));
    expect(calls.map((call) => call.length)).toEqual([
      SUMMARY_POLICY.maxMessagesPerCall,
      SUMMARY_POLICY.maxMessagesPerCall,
      1,
    ]);
  });
});

describe('a summarize task', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  const context = (shown: CoverableMessage[], freshIds: boolean) => ({
    conversation: CHAT,
    timeZone: 'UTC',
    now: NOW,
    origin: freshIds ? ('summarizer' as const) : ('agent' as const),
    shown,
    freshIds,
  });

  it('creates a summary with dates taken from the messages it covers', () => {
    const outcome = applySummarizeTask(
      store.summaries,
      { id: 'summarize-1', content: 'We planned the trip.', min_message_id: 3, max_message_id: 5 },
      context(messages(1, 10), false),
    );
    expect(outcome).toEqual({ outcome: 'created', id: 'summarize-1' });
    expect(store.summaries.get(CHAT, 'summarize-1')).toMatchObject({
      minMessageId: 3,
      maxMessageId: 5,
      firstMessageDate: '2026-03-03',
      lastMessageDate: '2026-03-05',
      origin: 'agent',
      created: '2026-03-10T12:00:00+00:00',
    });
  });

  it('refuses a new summary without its range, and keeps a range inside the messages shown', () => {
    expect(
      applySummarizeTask(store.summaries, { id: 'x', content: 'no range' }, context(messages(1, 10), false)),
    ).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('min_message_id') });
    applySummarizeTask(
      store.summaries,
      { id: 'wide', content: 'too wide', min_message_id: 1, max_message_id: 999 },
      context(messages(5, 10), false),
    );
    expect(store.summaries.get(CHAT, 'wide')).toMatchObject({ minMessageId: 5, maxMessageId: 10 });
    expect(
      applySummarizeTask(
        store.summaries,
        { id: 'elsewhere', content: 'unseen', min_message_id: 50, max_message_id: 60 },
        context(messages(5, 10), false),
      ),
    ).toMatchObject({ outcome: 'refused' });
    expect(store.summaries.get(CHAT, 'elsewhere')).toBeNull();
  });

  it('revises by id, keeping the range and dates it leaves out, and deletes on empty content', () => {
    const shown = messages(1, 10);
    applySummarizeTask(
      store.summaries,
      { id: 's', content: 'first', min_message_id: 2, max_message_id: 4, first_message_date: '2026-02-27' },
      context(shown, false),
    );
    expect(
      applySummarizeTask(store.summaries, { id: 's', content: 'better' }, context([], false)),
    ).toMatchObject({
      outcome: 'updated',
    });
    expect(store.summaries.get(CHAT, 's')).toMatchObject({
      content: 'better',
      minMessageId: 2,
      maxMessageId: 4,
      firstMessageDate: '2026-02-27',
      lastMessageDate: '2026-03-04',
    });
    expect(applySummarizeTask(store.summaries, { id: 's', content: '' }, context([], false)).outcome).toBe(
      'deleted',
    );
    expect(store.summaries.list(CHAT)).toEqual([]);
  });

  it('in a summarization pass, never overwrites an older summary whose id the model reuses', () => {
    store.summaries.put(CHAT, summary('summary-1', 1, 50), NOW);
    const outcome = applySummarizeTask(
      store.summaries,
      { id: 'summary-1', content: 'the next stretch', min_message_id: 51, max_message_id: 80 },
      context(messages(51, 100), true),
    );
    expect(outcome.outcome).toBe('created');
    expect(outcome.id).toMatch(/^summary-[0-9a-f]{8}$/);
    expect(store.summaries.list(CHAT).map((s) => [s.minMessageId, s.maxMessageId])).toEqual([
      [1, 50],
      [51, 80],
    ]);
  });

  it('cuts an overlong summary and says so', () => {
    const outcome = applySummarizeTask(
      store.summaries,
      { id: 'long', content: 'word '.repeat(2000), min_message_id: 1, max_message_id: 2 },
      context(messages(1, 2), false),
    );
    expect(outcome).toMatchObject({ outcome: 'created', truncated: true });
    expect(store.summaries.get(CHAT, 'long')!.content.length).toBe(MAX_SUMMARY_CHARS);
  });
});
