import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEventChange } from '../../../src/main/engine/events/event-changes';
import { createLogger } from '../../../src/main/logging';
import { openStore, type Store } from '../../../src/main/store';

const conversation = { agent: 'Ada', network: 'simulator' as const, channelId: 42 };
const context = { conversation, timeZone: 'Europe/Paris', now: new Date('2026-03-02T10:00:00Z') };

describe('event changes', () => {
  let store: Store;

  beforeEach(() => {
    store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
  });
  afterEach(() => store.close());

  it('creates an event in the agent zone, edits only what is given, and deletes it with an empty intent', () => {
    const created = applyEventChange(
      store,
      { id: 'tea', intent: 'Ask about the tea', time: '2026-03-02T15:00', interval: '1 day', occurrences: 3 },
      context,
    );
    expect(created).toMatchObject({
      outcome: 'created',
      event: { dueAt: new Date('2026-03-02T14:00:00Z'), intervalSeconds: 86_400, remaining: 3 },
    });
    const edited = applyEventChange(store, { id: 'tea', intent: 'Ask about the green tea' }, context);
    expect(edited).toMatchObject({
      outcome: 'updated',
      event: { intent: 'Ask about the green tea', dueAt: new Date('2026-03-02T14:00:00Z'), remaining: 3 },
    });
    expect(applyEventChange(store, { id: 'tea', intent: '' }, context)).toEqual({
      outcome: 'deleted',
      id: 'tea',
    });
    expect(store.scheduledEvents.list(conversation)).toEqual([]);
  });

  it('refuses what cannot be scheduled with the reason, changing nothing', () => {
    applyEventChange(store, { id: 'tea', intent: 'Ask about tea', time: '2026-03-02T15:00' }, context);
    const before = store.scheduledEvents.list(conversation);
    const refusals = [
      { id: 'late', intent: 'Too late', time: '2026-03-01T09:00' },
      { id: 'fast', intent: 'Loop', time: '2026-03-02T15:00', interval: '0 minutes' },
      { id: 'many', intent: 'Again', time: '2026-03-02T15:00', occurrences: 4 },
      { id: 'tea', time: 'half past never' },
      { id: 'ghost', intent: '' },
      { id: 'ghost', intent: 'No time given' },
    ];
    const reasons = refusals.map((change) => applyEventChange(store, change, context));
    expect(reasons).toEqual([
      {
        outcome: 'refused',
        reason: expect.stringMatching(
          /^the time Sunday, March 1, 2026 at 9:00 AM CET is in the past \(it is now Monday/,
        ),
      },
      { outcome: 'refused', reason: 'interval must be at least 1 minute' },
      { outcome: 'refused', reason: '4 occurrences need an interval to repeat at' },
      { outcome: 'refused', reason: expect.stringContaining('is not a date and time') },
      { outcome: 'refused', reason: 'there is no event "ghost" here to delete' },
      {
        outcome: 'refused',
        reason: 'there is no event "ghost" here to change, and a new event needs an intent and a time',
      },
    ]);
    expect(store.scheduledEvents.list(conversation)).toEqual(before);
  });

  it('takes a time a few minutes past as now: the model read the clock a turn ago', () => {
    const outcome = applyEventChange(
      store,
      { id: 'now', intent: 'Say hi', time: '2026-03-02T10:57' },
      context,
    );
    expect(outcome).toMatchObject({ outcome: 'created', event: { dueAt: new Date('2026-03-02T09:57:00Z') } });
  });
});
