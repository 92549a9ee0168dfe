import { describe, expect, it } from 'vitest';
import {
  checkSchedule,
  deleteActivity,
  insertActivity,
  pruneEnded,
  ScheduleError,
  updateActivity,
} from '../../../src/main/schedule';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

function activity(
  id: string,
  start: string,
  end: string,
  overrides: Partial<ScheduleActivity> = {},
): ScheduleActivity {
  return { id, start, end, name: id, responsiveness: 80, description: '', ...overrides };
}

const ids = () => {
  let next = 0;
  return () => `act-new-${++next}`;
};

const DAY = [
  activity('sleep', '2026-03-01T23:00:00.000Z', '2026-03-02T07:00:00.000Z', { responsiveness: 0 }),
  activity('shop', '2026-03-02T09:00:00.000Z', '2026-03-02T17:00:00.000Z'),
];

describe('schedule activities', () => {
  it('fits a new activity in, cutting what it overlaps and splitting one that spans it', () => {
    const lunch = activity('lunch', '2026-03-02T12:00:00+00:00', '2026-03-02T13:00:00Z', {
      responsiveness: 40,
    });
    const after = insertActivity(DAY, lunch, ids());
    expect(after.map((a) => [a.id, a.start.slice(11, 16), a.end.slice(11, 16)])).toEqual([
      ['sleep', '23:00', '07:00'],
      ['shop', '09:00', '12:00'],
      ['lunch', '12:00', '13:00'],
      ['act-new-1', '13:00', '17:00'],
    ]);
    // The split part keeps the spanned activity's name and responsiveness.
    expect(after[3]).toMatchObject({ name: 'shop', responsiveness: 80 });
    // The schedule it was made from is as it was.
    expect(DAY).toHaveLength(2);
  });

  it('stores times in UTC from any offset, and refuses a time without one', () => {
    const local = activity('tea', '2026-03-02T18:00:00+01:00', '2026-03-02T18:30:00+01:00');
    expect(insertActivity(DAY, local, ids()).at(-1)).toMatchObject({
      start: '2026-03-02T17:00:00.000Z',
      end: '2026-03-02T17:30:00.000Z',
    });
    expect(() =>
      insertActivity(DAY, activity('tea', '2026-03-02T18:00', '2026-03-02T19:00Z'), ids()),
    ).toThrow(/has no time zone offset/);
  });

  it('refuses what cannot be: an end before the start, responsiveness over 100, a taken id, overlaps', () => {
    const newId = ids();
    expect(() => insertActivity(DAY, activity('x', '2026-03-02T10:00Z', '2026-03-02T09:00Z'), newId)).toThrow(
      ScheduleError,
    );
    expect(() =>
      insertActivity(
        DAY,
        activity('x', '2026-03-02T18:00Z', '2026-03-02T19:00Z', { responsiveness: 101 }),
        newId,
      ),
    ).toThrow(/from 0 to 100/);
    expect(() =>
      insertActivity(DAY, activity('shop', '2026-03-02T18:00Z', '2026-03-02T19:00Z'), newId),
    ).toThrow(/already an activity with the id shop/);
    expect(() =>
      checkSchedule([...DAY, activity('nap', '2026-03-02T16:00:00Z', '2026-03-02T18:00:00Z')]),
    ).toThrow(/"shop" and "nap" overlap/);
  });

  it('moves an activity and cuts the others around its new place; deletes one by id', () => {
    const moved = updateActivity(DAY, 'sleep', { end: '2026-03-02T10:00:00Z' }, ids());
    expect(moved.map((a) => [a.id, a.start.slice(11, 16), a.end.slice(11, 16)])).toEqual([
      ['sleep', '23:00', '10:00'],
      ['shop', '10:00', '17:00'],
    ]);
    expect(deleteActivity(DAY, 'shop').map((a) => a.id)).toEqual(['sleep']);
    expect(() => deleteActivity(DAY, 'gone')).toThrow(/no activity with the id gone/);
  });

  it('drops activities that ended more than two days ago', () => {
    expect(pruneEnded(DAY, new Date('2026-03-04T06:59:00Z')).map((a) => a.id)).toEqual(['sleep', 'shop']);
    expect(pruneEnded(DAY, new Date('2026-03-04T08:00:00Z')).map((a) => a.id)).toEqual(['shop']);
  });
});
