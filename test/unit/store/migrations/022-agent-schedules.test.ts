import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration022AgentSchedules } from '../../../../src/main/store/migrations/022-agent-schedules';
import { ScheduleRepository } from '../../../../src/main/store/schedule-repository';
import type { ScheduleActivity } from '../../../../src/shared/domain/schedule';

function repository(): ScheduleRepository {
  const db = new BetterSqlite3(':memory:');
  for (const migration of MIGRATIONS) migration.up(db);
  return new ScheduleRepository(db);
}

const activity = (id: string, start: string, end: string): ScheduleActivity => ({
  id,
  start,
  end,
  name: id,
  responsiveness: 60,
  description: `${id} things`,
});

describe('migration 022 agent schedules', () => {
  it('is version 22, the twenty-second', () => {
    expect(migration022AgentSchedules.version).toBe(22);
    expect(MIGRATIONS[21]).toBe(migration022AgentSchedules);
  });

  it('keeps each agent’s schedule whole, sorted, and when it was last extended', () => {
    const schedules = repository();
    expect(schedules.get('Ada')).toEqual({ activities: [], lastExtendedAt: null });
    const later = activity('b', '2026-03-02T12:00:00.000Z', '2026-03-02T13:00:00.000Z');
    const earlier = activity('a', '2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z');
    schedules.replace(
      'Ada',
      [later, earlier],
      new Date('2026-03-02T07:00:00Z'),
      new Date('2026-03-02T07:00:00Z'),
    );
    schedules.replace('Bo', [earlier], new Date('2026-03-02T07:00:00Z'));
    expect(schedules.get('Ada')).toEqual({
      activities: [earlier, later],
      lastExtendedAt: '2026-03-02T07:00:00.000Z',
    });

    // An operator's edit replaces the activities and keeps the last extension.
    schedules.replace('Ada', [later], new Date('2026-03-02T07:30:00Z'));
    expect(schedules.get('Ada')).toEqual({ activities: [later], lastExtendedAt: '2026-03-02T07:00:00.000Z' });
    expect(schedules.get('Bo').activities).toEqual([earlier]);
  });

  it('refuses an activity that ends before it starts or a responsiveness out of range', () => {
    const schedules = repository();
    expect(() =>
      schedules.replace(
        'Ada',
        [activity('x', '2026-03-02T09:00:00.000Z', '2026-03-02T08:00:00.000Z')],
        new Date(),
      ),
    ).toThrow(/CHECK constraint/);
    expect(schedules.get('Ada').activities).toEqual([]);
  });
});
