import { describe, expect, it } from 'vitest';
import { eventAtSameWallClock, zoneMoveOf } from '../../../src/main/api/handlers/agent-zone-change';
import { localDateTimeText } from '../../../src/main/clock';
import { nextOccurrence, parseEventTime } from '../../../src/main/engine/events/event-times';
import type { ScheduledEvent } from '../../../src/main/store';
import type { AgentConfig } from '../../../src/shared/domain/config';

const HOUR = 3_600;
const DAY = 86_400;

function event(dueAt: string, intervalSeconds: number | null = null): ScheduledEvent {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    conversation: { agent: 'Ada', network: 'simulator', channelId: 1 },
    id: 'event-1',
    intent: 'Water the plants',
    dueAt: new Date(dueAt),
    intervalSeconds,
    remaining: null,
    revision: 0,
    firedCount: 0,
    lastFiredAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The event's next `count` occurrences after it fired, as wall-clock times in `zone`. */
function occurrences(first: ScheduledEvent, zone: string, count: number): string[] {
  const times = [localDateTimeText(first.dueAt, zone)];
  let current = first;
  while (times.length < count) {
    const next = nextOccurrence(current, current.dueAt, zone);
    if (!next) break;
    current = { ...current, dueAt: next.dueAt };
    times.push(localDateTimeText(next.dueAt, zone));
  }
  return times;
}

describe('moving an event to another zone at the same wall-clock time', () => {
  it('keeps the local time while the two zones are on different daylight saving dates', () => {
    // 20 March 2026: New York has been on summer time since the 8th, Paris not until the 29th.
    const moved = eventAtSameWallClock(event('2026-03-20T08:00:00Z'), 'Europe/Paris', 'America/New_York');
    expect(localDateTimeText(moved.dueAt, 'America/New_York')).toBe('2026-03-20T09:00');
    expect(moved.dueAt.toISOString()).toBe('2026-03-20T13:00:00.000Z');
    expect(moved).toMatchObject({ id: 'event-1', intent: 'Water the plants', intervalSeconds: null });
  });

  it('keeps seconds, and puts a time the new zone skips where the event module puts it when typed there', () => {
    // 02:30 on 8 March 2026 exists in Paris but not in New York, whose clocks jump from 02:00 to 03:00.
    const skipped = eventAtSameWallClock(event('2026-03-08T01:30:15Z'), 'Europe/Paris', 'America/New_York');
    const typed = parseEventTime('2026-03-08T02:30:15', 'America/New_York');
    expect(typed.ok && skipped.dueAt.toISOString()).toBe(typed.ok && typed.instant.toISOString());
  });

  it('takes both passes of an hour the old zone repeats to that hour in the new zone', () => {
    // 02:30 on 25 October 2026 happens twice in Paris: at 00:30Z (summer time) and 01:30Z (winter time).
    for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      const moved = eventAtSameWallClock(event(instant), 'Europe/Paris', 'Asia/Tokyo');
      expect(moved.dueAt.toISOString()).toBe('2026-10-24T17:30:00.000Z');
    }
  });

  it('keeps a daily event at its time of day in the new zone, across the new zone’s daylight saving change', () => {
    // Daily at 21:30 in Paris (winter time from 25 October), moved to New York (winter time from 1 November).
    const daily = event('2026-10-29T20:30:00Z', DAY);
    expect(localDateTimeText(daily.dueAt, 'Europe/Paris')).toBe('2026-10-29T21:30');
    const moved = eventAtSameWallClock(daily, 'Europe/Paris', 'America/New_York');
    expect(occurrences(moved, 'America/New_York', 5)).toEqual([
      '2026-10-29T21:30',
      '2026-10-30T21:30',
      '2026-10-31T21:30',
      '2026-11-01T21:30',
      '2026-11-02T21:30',
    ]);
    // The same local time on both sides of the change is an hour further in UTC after it.
    const next = nextOccurrence(
      { ...moved, dueAt: new Date('2026-11-01T01:30:00Z') },
      new Date('2026-11-01T01:30:00Z'),
      'America/New_York',
    );
    expect(next?.dueAt.toISOString()).toBe('2026-11-02T02:30:00.000Z');
  });

  it('keeps a weekly event on its weekday and time, and an hourly one as a duration from its new time', () => {
    const weekly = eventAtSameWallClock(event('2026-03-23T08:00:00Z', 7 * DAY), 'Europe/Paris', 'Asia/Tokyo');
    expect(occurrences(weekly, 'Asia/Tokyo', 3)).toEqual([
      '2026-03-23T09:00',
      '2026-03-30T09:00',
      '2026-04-06T09:00',
    ]);
    const hourly = eventAtSameWallClock(
      event('2026-03-28T23:00:00Z', 2 * HOUR),
      'Europe/Paris',
      'America/New_York',
    );
    expect(occurrences(hourly, 'America/New_York', 3)).toEqual([
      '2026-03-29T00:00',
      '2026-03-29T02:00',
      '2026-03-29T04:00',
    ]);
  });
});

describe('the zone change an agent update makes', () => {
  const agent = (timezone: string | null) => ({ configName: 'Ada', name: 'Ada', timezone }) as AgentConfig;

  it('is none without a timezone field, for the same zone, or for a zone the write will refuse', () => {
    expect(zoneMoveOf(agent('Europe/Paris'), { name: 'Ada B' }, 'UTC')).toBeNull();
    expect(zoneMoveOf(agent('Europe/Paris'), { timezone: 'Europe/Paris' }, 'UTC')).toBeNull();
    expect(zoneMoveOf(agent('Europe/Paris'), { timezone: 'Mars/Olympus' }, 'UTC')).toBeNull();
    expect(zoneMoveOf(agent('Europe/Paris'), { timezone: 'none' }, 'UTC')).toBeNull();
  });

  it('reads no zone as the server’s, so naming the server’s zone explicitly changes nothing', () => {
    expect(zoneMoveOf(agent(null), { timezone: 'Europe/Paris' }, 'Europe/Paris')).toBeNull();
    expect(zoneMoveOf(agent('Europe/Paris'), { timezone: null }, 'Europe/Paris')).toBeNull();
    expect(zoneMoveOf(agent(null), { timezone: ' Asia/Tokyo ' }, 'Europe/Paris')).toMatchObject({
      fromZone: 'Europe/Paris',
      toZone: 'Asia/Tokyo',
    });
    expect(zoneMoveOf(agent('Asia/Tokyo'), { timezone: '' }, 'Europe/Paris')).toMatchObject({
      fromZone: 'Asia/Tokyo',
      toZone: 'Europe/Paris',
    });
  });
});
