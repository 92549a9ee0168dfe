import { describe, expect, it } from 'vitest';
import { currentActivitySection } from '../../../src/main/prompt/current-activity-section';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

function activity(
  id: string,
  start: string,
  end: string,
  overrides: Partial<ScheduleActivity> = {},
): ScheduleActivity {
  return { id, start, end, name: id, responsiveness: 70, description: '', ...overrides };
}

const DAY = [
  activity('Opening the shop', '2026-03-02T08:00:00Z', '2026-03-02T12:30:00Z', {
    description: 'unpacking the week’s deliveries',
  }),
  activity('Lunch', '2026-03-02T13:00:00Z', '2026-03-02T14:00:00Z', { responsiveness: 40 }),
  activity('Asleep', '2026-03-02T23:00:00Z', '2026-03-03T07:00:00Z', { responsiveness: 0 }),
];

describe('the Current Activity section', () => {
  it('says what the agent is doing, until when in its zone, how long is left, and what is next', () => {
    const section = currentActivitySection(DAY, new Date('2026-03-02T10:15:00Z'), 'Europe/Dublin');
    expect(section?.stable).toBe(false);
    expect(section?.text).toBe(
      [
        '# Current Activity',
        '',
        'You are Opening the shop: unpacking the week’s deliveries (from 08:00 to 12:30, 2 h 15 min left; responsiveness 70 of 100).',
        'Next: Lunch, from 13:00.',
        'Your whole schedule can be retrieved as `file:schedule.json`.',
      ].join('\n'),
    );
  });

  it('says when nothing is scheduled, dates what is not today, and is left out without a schedule', () => {
    const section = currentActivitySection(DAY, new Date('2026-03-02T15:00:00Z'), 'America/New_York');
    expect(section?.text).toContain('Nothing is on your schedule right now.');
    // 23:00 UTC is 18:00 in New York, the same local day.
    expect(section?.text).toContain('Next: Asleep, from 18:00.');
    // In Tokyo it is evening: the night's sleep starts the next local day.
    const tokyo = currentActivitySection(DAY, new Date('2026-03-02T13:15:00Z'), 'Asia/Tokyo');
    expect(tokyo?.text).toContain(
      'You are Lunch (from 22:00 to 23:00, 45 min left; responsiveness 40 of 100).',
    );
    expect(tokyo?.text).toContain('Next: Asleep, from 2026-03-03 08:00.');
    expect(currentActivitySection([], new Date(), 'UTC')).toBeNull();
  });
});
