import { describe, expect, it } from 'vitest';
import {
  activityAt,
  awakeAt,
  extensionWindow,
  moveToZone,
  needsExtension,
  replyDelaySeconds,
  responsivenessAt,
  utcTime,
} from '../../../src/main/schedule';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

function activity(id: string, start: string, end: string, responsiveness: number): ScheduleActivity {
  return { id, start, end, name: id, responsiveness, description: '' };
}

describe('responsiveness', () => {
  it('turns responsiveness into a reply delay: 4 s at 100, 120 s at 1, asleep at 0', () => {
    expect(replyDelaySeconds(100)).toBe(4);
    expect(replyDelaySeconds(1)).toBe(120);
    expect(replyDelaySeconds(50)).toBe(62);
    expect(replyDelaySeconds(0)).toBeNull();
  });

  it('is fully responsive where the schedule says nothing', () => {
    const busy = [activity('busy', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 30)];
    expect(responsivenessAt(busy, new Date('2026-03-02T09:30:00Z'))).toBe(30);
    // An activity ends where the next moment begins.
    expect(activityAt(busy, new Date('2026-03-02T10:00:00Z'))).toBeNull();
    expect(responsivenessAt(busy, new Date('2026-03-02T10:00:00Z'))).toBe(100);
  });

  it('sleeps across midnight and through sleeping activities in a row, waking when one is awake', () => {
    const night = [
      activity('sleep', '2026-03-01T22:30:00Z', '2026-03-02T04:00:00Z', 0),
      activity('deep', '2026-03-02T04:00:00Z', '2026-03-02T06:15:00Z', 0),
      activity('breakfast', '2026-03-02T06:15:00Z', '2026-03-02T07:00:00Z', 60),
    ];
    expect(awakeAt(night, new Date('2026-03-01T23:59:00Z')).toISOString()).toBe('2026-03-02T06:15:00.000Z');
    expect(awakeAt(night, new Date('2026-03-02T06:30:00Z')).toISOString()).toBe('2026-03-02T06:30:00.000Z');
    // Asleep to the schedule's end: awake by default after it.
    const lastSleep = [activity('sleep', '2026-03-01T22:30:00Z', '2026-03-02T04:00:00Z', 0)];
    expect(awakeAt(lastSleep, new Date('2026-03-02T01:00:00Z')).toISOString()).toBe(
      '2026-03-02T04:00:00.000Z',
    );
  });

  it('sleeps 23:00 to 07:00 on the wall clock through a spring-forward night: seven hours, not eight', () => {
    // Berlin springs forward at 02:00 on 2026-03-29; the night is written as the agent writes it.
    const night = [
      activity(
        'sleep',
        utcTime('2026-03-28T23:00:00+01:00', 'start'),
        utcTime('2026-03-29T07:00:00+02:00', 'end'),
        0,
      ),
    ];
    const woke = awakeAt(night, new Date('2026-03-29T01:30:00Z'));
    expect(woke.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(woke.toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin' })).toBe('07:00:00');
    expect((woke.getTime() - Date.parse(night[0]!.start)) / 3_600_000).toBe(7);
  });
});

describe('extending a schedule', () => {
  it('is due when less than two days are left, and fills to the midnight ending the day after tomorrow', () => {
    const schedule = [activity('a', '2026-03-02T08:00:00Z', '2026-03-03T20:00:00Z', 80)];
    const now = new Date('2026-03-02T10:00:00Z');
    expect(needsExtension(schedule, now)).toBe(true);
    expect(needsExtension([], now)).toBe(true);
    const window = extensionWindow(schedule, now, 'Europe/Dublin');
    expect(window.start.toISOString()).toBe('2026-03-03T20:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it('counts days on the wall clock across a daylight saving change', () => {
    // New York springs forward on 2026-03-08: the window still ends at local midnight.
    const window = extensionWindow([], new Date('2026-03-06T15:00:00Z'), 'America/New_York');
    expect(window.start.toISOString()).toBe('2026-03-06T15:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('moving a schedule to another zone', () => {
  it('keeps each activity at its wall-clock time', () => {
    const dublin = [activity('alarm', '2026-07-01T06:00:00Z', '2026-07-01T06:30:00Z', 100)];
    // 07:00 in Dublin (summer, UTC+1) stays 07:00 in New York (UTC-4).
    expect(moveToZone(dublin, 'Europe/Dublin', 'America/New_York')[0]).toMatchObject({
      start: '2026-07-01T11:00:00.000Z',
      end: '2026-07-01T11:30:00.000Z',
    });
  });
});
