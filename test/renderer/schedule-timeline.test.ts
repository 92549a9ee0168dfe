import { describe, expect, it } from 'vitest';
import {
  checkActivityForm,
  newActivityForm,
  zonedTime,
} from '../../src/renderer/features/schedule/model/activity-form';
import {
  adjacentNext,
  type DaySegment,
  dayEventMarkers,
  daySegments,
  shiftAnchor,
  timelineDay,
  viewDays,
  viewTitle,
} from '../../src/renderer/features/schedule/model/timeline';
import type { ScheduleActivity } from '../../src/shared/domain/schedule';

const activity = (id: string, start: string, end: string, responsiveness = 80): ScheduleActivity => ({
  id,
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
  name: id,
  responsiveness,
  description: '',
});

/** Each segment as `kind name from-to` in wall-clock minutes, with `<`/`>` where it goes on past the day. */
const drawn = (segments: DaySegment[]) =>
  segments.map((segment) =>
    segment.kind === 'gap'
      ? `gap ${segment.fromMinute}-${segment.toMinute}`
      : `${segment.continuesBefore ? '<' : ''}${segment.activity.name} ${segment.fromMinute}-${segment.toMinute}${segment.continuesAfter ? '>' : ''}`,
  );

describe('the schedule timeline in the agent’s zone', () => {
  it('cuts a night across midnight into both days, on the zone’s wall clock', () => {
    const zone = 'Asia/Tokyo';
    // 22:00 to 07:00 in Tokyo (UTC+9), then work until noon.
    const night = activity('Asleep', '2026-03-02T13:00:00Z', '2026-03-02T22:00:00Z', 0);
    const work = activity('Work', '2026-03-02T22:00:00Z', '2026-03-03T03:00:00Z');
    const monday = daySegments([night, work], timelineDay('2026-03-02', zone), zone);
    expect(drawn(monday)).toEqual(['gap 0-1320', 'Asleep 1320-1440>']);
    const tuesday = daySegments([night, work], timelineDay('2026-03-03', zone), zone);
    expect(drawn(tuesday)).toEqual(['<Asleep 0-420', 'Work 420-720', 'gap 720-1440']);
  });

  it('keeps the wall-clock hours across a daylight-saving change: the skipped hour is never covered', () => {
    const zone = 'Europe/Berlin';
    // 29 March 2026: clocks go from 02:00 to 03:00 CET→CEST; the day is 23 hours long.
    const day = timelineDay('2026-03-29', zone);
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
    // Asleep from 23:00 (CET) to 08:00 (CEST): 8 real hours, drawn to 08:00 on the wall clock.
    const night = activity('Asleep', '2026-03-28T22:00:00Z', '2026-03-29T06:00:00Z', 0);
    const brunch = activity('Brunch', '2026-03-29T08:00:00Z', '2026-03-29T09:30:00Z', 60);
    expect(drawn(daySegments([night, brunch], day, zone))).toEqual([
      '<Asleep 0-480',
      'gap 480-600',
      'Brunch 600-690',
      'gap 690-1440',
    ]);
    // In autumn the day has 25 hours, still drawn as 24 on the wall clock.
    const autumn = timelineDay('2026-10-25', zone);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    expect(drawn(daySegments([], autumn, zone))).toEqual(['gap 0-1440']);
  });

  it('shows a week from Monday and steps by days or weeks', () => {
    const week = viewDays('week', '2026-03-05', 'UTC');
    expect(week.map((day) => day.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(viewTitle(week)).toBe('Mon 2 Mar – Sun 8 Mar 2026');
    expect(viewTitle(viewDays('day', '2026-03-05', 'UTC'))).toBe('Thursday, 5 March 2026');
    expect(shiftAnchor('day', '2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftAnchor('week', '2026-03-05', -1)).toBe('2026-02-26');
  });

  it('marks events at their local minute on their day only, and finds the activity Merge joins', () => {
    const zone = 'America/New_York';
    const day = timelineDay('2026-06-01', zone);
    const mark = (dueAt: string) => ({
      id: dueAt,
      network: 'simulator' as const,
      channelId: 1,
      conversationName: 'Ada',
      intent: 'Call',
      dueAt,
    });
    const markers = dayEventMarkers([mark('2026-06-01T13:30:00Z'), mark('2026-06-02T13:30:00Z')], day, zone);
    expect(markers.map((marker) => marker.minute)).toEqual([9 * 60 + 30]);

    const a = activity('a', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z');
    const b = activity('b', '2026-06-01T11:00:00Z', '2026-06-01T12:00:00Z');
    const c = activity('c', '2026-06-01T12:30:00Z', '2026-06-01T13:00:00Z');
    expect(adjacentNext([a, b, c], a)?.id).toBe('b');
    expect(adjacentNext([a, b, c], b)).toBeNull();
  });
});

describe('the activity form', () => {
  it('reads times on the agent’s wall clock, and says under each field what to fix', () => {
    const zone = 'Europe/Dublin';
    expect(zonedTime('2026-07-01T09:00', zone)?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    const form = {
      ...newActivityForm(new Date('2026-07-01T08:00:00Z'), new Date('2026-07-01T09:00:00Z'), zone),
      name: ' Open the shop ',
    };
    expect(form).toMatchObject({ start: '2026-07-01T09:00', end: '2026-07-01T10:00', responsiveness: '80' });
    expect(checkActivityForm(form, zone, 'act-1')).toEqual({
      ok: true,
      draft: {
        id: 'act-1',
        name: 'Open the shop',
        start: '2026-07-01T08:00:00.000Z',
        end: '2026-07-01T09:00:00.000Z',
        responsiveness: 80,
        description: '',
      },
    });
    expect(
      checkActivityForm({ ...form, name: '', end: '2026-07-01T08:00', responsiveness: '120' }, zone),
    ).toEqual({
      ok: false,
      errors: {
        name: expect.stringMatching(/^Name the activity/),
        end: 'The end must come after the start.',
        responsiveness: 'A whole number from 0 (asleep) to 100 (answers at once).',
      },
    });
  });
});
