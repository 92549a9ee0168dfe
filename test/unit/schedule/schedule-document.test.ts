import { describe, expect, it } from 'vitest';
import { scheduleDocument } from '../../../src/main/schedule';

describe('file:schedule.json', () => {
  it('shows the schedule on the agent’s wall clock with the offset of each time', () => {
    const text = scheduleDocument(
      'Juniper',
      [
        // Dublin moves to summer time on 2026-03-29 at 01:00 UTC.
        {
          id: 'act-1',
          start: '2026-03-28T23:00:00.000Z',
          end: '2026-03-29T07:00:00.000Z',
          name: 'Asleep',
          responsiveness: 0,
          description: 'dreaming of first editions',
        },
      ],
      'Europe/Dublin',
    );
    expect(JSON.parse(text)).toEqual({
      timezone: 'Europe/Dublin',
      activities: [
        {
          id: 'act-1',
          start_time: '2026-03-28T23:00+00:00',
          end_time: '2026-03-29T08:00+01:00',
          activity_name: 'Asleep',
          responsiveness: 0,
          description: 'dreaming of first editions',
        },
      ],
    });
  });

  it('says so when there is no schedule', () => {
    expect(scheduleDocument('Juniper', [], 'UTC')).toBe('Juniper has no daily schedule.');
  });
});
