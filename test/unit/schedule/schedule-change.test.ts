import { describe, expect, it } from 'vitest';
import { applyScheduleTask, ScheduleError } from '../../../src/main/schedule';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

const ids = () => {
  let next = 0;
  return () => `act-split-${++next}`;
};

const DAY: ScheduleActivity[] = [
  {
    id: 'act-sleep',
    start: '2026-03-01T22:00:00.000Z',
    end: '2026-03-02T06:00:00.000Z',
    name: 'Sleeping',
    responsiveness: 0,
    description: '',
  },
  {
    id: 'act-shop',
    start: '2026-03-02T08:00:00.000Z',
    end: '2026-03-02T16:00:00.000Z',
    name: 'Opening the shop',
    responsiveness: 60,
    description: 'Customers all day',
  },
];

describe('a schedule task', () => {
  it('adds an activity with an unknown id, cutting the ones it overlaps, times kept in UTC', () => {
    const change = applyScheduleTask(
      DAY,
      {
        id: 'act-lunch',
        start_time: '2026-03-02T13:00:00+01:00',
        end_time: '2026-03-02T14:00:00+01:00',
        activity_name: 'Lunch with Mia',
        responsiveness: 30,
      },
      ids(),
    );
    expect(change.outcome).toBe('created');
    expect(change.activities.map((a) => [a.id, a.start.slice(11, 16), a.end.slice(11, 16)])).toEqual([
      ['act-sleep', '22:00', '06:00'],
      ['act-shop', '08:00', '12:00'],
      ['act-lunch', '12:00', '13:00'],
      ['act-split-1', '13:00', '16:00'],
    ]);
    expect(change.activities[2]!.description).toBe('');
    // The list given is left as it was: a refused change elsewhere keeps the old schedule.
    expect(DAY).toHaveLength(2);
  });

  it('changes only the fields given of an activity it names, and deletes it with an empty name', () => {
    const updated = applyScheduleTask(DAY, { id: 'act-shop', responsiveness: 90 }, ids());
    expect(updated.outcome).toBe('updated');
    expect(updated.activities[1]).toEqual({ ...DAY[1], responsiveness: 90 });

    const deleted = applyScheduleTask(DAY, { id: 'act-sleep', activity_name: '  ' }, ids());
    expect(deleted).toEqual({ outcome: 'deleted', activities: [DAY[1]] });
  });

  it('refuses, saying what to fix: a new activity without every field, times without an offset, a bad span', () => {
    const refusal = (task: Parameters<typeof applyScheduleTask>[1]) => {
      try {
        applyScheduleTask(DAY, task, ids());
      } catch (error) {
        expect(error).toBeInstanceOf(ScheduleError);
        return (error as Error).message;
      }
      throw new Error('the task was not refused');
    };
    expect(refusal({ id: 'act-new', activity_name: 'Reading' })).toBe(
      'There is no activity with the id act-new; a new one needs start_time, end_time, responsiveness.',
    );
    expect(refusal({ id: 'act-gone', activity_name: '' })).toBe(
      'There is no activity with the id act-gone to delete.',
    );
    expect(refusal({ id: 'act-shop', start_time: '2026-03-02T09:00' })).toMatch(/has no time zone offset/);
    expect(refusal({ id: 'act-shop', end_time: '2026-03-02T07:00:00Z' })).toMatch(/ends before it starts/);
  });
});
