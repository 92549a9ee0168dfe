import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration020ScheduledEvents } from '../../../../src/main/store/migrations/020-scheduled-events';
import { ScheduledEventRepository } from '../../../../src/main/store/scheduled-event-repository';

const conversation = { agent: 'Ada', network: 'simulator' as const, channelId: 7 };
const at = new Date('2026-03-02T10:00:00Z');

function repository(): ScheduledEventRepository {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS) migration.up(db);
  return new ScheduledEventRepository(db);
}

describe('migration 020 scheduled events', () => {
  it('is version 20, the twentieth', () => {
    expect(migration020ScheduledEvents.version).toBe(20);
    expect(MIGRATIONS[19]).toBe(migration020ScheduledEvents);
  });

  it('keeps events per conversation, soonest first, and finds the soonest of the agents asked about', () => {
    const events = repository();
    const fields = { intent: 'Say hi', intervalSeconds: null, remaining: null };
    events.put(conversation, 'b', { ...fields, dueAt: new Date('2026-03-02T12:00:00Z') }, at);
    events.put(conversation, 'a', { ...fields, dueAt: new Date('2026-03-02T11:00:00Z') }, at);
    events.put(
      { ...conversation, agent: 'Bo' },
      'c',
      { ...fields, dueAt: new Date('2026-03-02T10:30:00Z') },
      at,
    );
    events.put({ ...conversation, network: 'telegram' }, 'd', { ...fields, dueAt: at }, at);
    expect(events.list(conversation).map((event) => event.id)).toEqual(['a', 'b']);
    expect(events.soonest('simulator', ['Ada', 'Bo'], 10).map((event) => event.id)).toEqual(['c', 'a', 'b']);
    expect(events.soonest('simulator', ['Ada'], 1).map((event) => event.id)).toEqual(['a']);
    expect(events.soonest('simulator', [], 10)).toEqual([]);
  });

  it('records a firing only for the revision it read: an edit made meanwhile wins', () => {
    const events = repository();
    const fields = { intent: 'Stretch', dueAt: at, intervalSeconds: 600, remaining: 3 };
    events.put(conversation, 'e', fields, at);
    const read = events.get(conversation, 'e')!;
    events.put(conversation, 'e', { ...fields, intent: 'Stretch and drink water' }, at);
    expect(events.recordFired(read, { dueAt: new Date('2026-03-02T10:10:00Z'), remaining: 2 }, at)).toBe(
      false,
    );
    expect(events.recordFired(read, null, at)).toBe(false);
    expect(events.get(conversation, 'e')).toMatchObject({ intent: 'Stretch and drink water', remaining: 3 });

    const current = events.get(conversation, 'e')!;
    expect(events.recordFired(current, { dueAt: new Date('2026-03-02T10:10:00Z'), remaining: 2 }, at)).toBe(
      true,
    );
    expect(events.get(conversation, 'e')).toMatchObject({ remaining: 2, firedCount: 1, lastFiredAt: at });
    expect(events.recordFired(events.get(conversation, 'e')!, null, at)).toBe(true);
    expect(events.get(conversation, 'e')).toBeNull();
  });
});
