import { describe, expect, it } from 'vitest';
import { NO_TRIGGER, toTaskParams } from '../../../src/main/engine/graph/received-task';
import { createNode } from '../../../src/main/engine/graph/task-graph';
import { isAsleep, scheduleHold } from '../../../src/main/engine/pacing/schedule-hold';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

const activity = (start: string, end: string, name: string, responsiveness: number): ScheduleActivity => ({
  id: `act-${name}`,
  start,
  end,
  name,
  responsiveness,
  description: '',
});

// Asleep 23:00–07:00 UTC, then a slow morning (responsiveness 1), then a lively afternoon.
const SCHEDULE = [
  activity('2026-03-01T23:00:00Z', '2026-03-02T03:00:00Z', 'Sleeping', 0),
  activity('2026-03-02T03:00:00Z', '2026-03-02T07:00:00Z', 'Still asleep', 0),
  activity('2026-03-02T07:00:00Z', '2026-03-02T12:00:00Z', 'Gardening', 1),
  activity('2026-03-02T12:00:00Z', '2026-03-02T18:00:00Z', 'Chatting', 100),
];

function received(createdAt: string, trigger: Partial<typeof NO_TRIGGER> = {}) {
  return createNode(
    { kind: 'received', params: toTaskParams({ ...NO_TRIGGER, messageId: 5, ...trigger }) },
    new Date(createdAt),
  );
}

const hold = (now: string, node = received(now), options: { online?: boolean; pacingOff?: boolean } = {}) =>
  scheduleHold({
    activities: SCHEDULE,
    received: node,
    online: options.online ?? false,
    pacingOff: options.pacingOff ?? false,
    now: new Date(now),
  });

describe("the schedule's hold on a turn", () => {
  it('holds a sleeping agent until it wakes, through sleeping activities in a row', () => {
    expect(hold('2026-03-02T01:30:00Z')).toEqual({
      until: new Date('2026-03-02T07:00:00Z'),
      asleep: true,
      activity: 'Sleeping',
    });
    // Online or with pacing off, sleep still holds: it is not pacing.
    expect(hold('2026-03-02T05:00:00Z', undefined, { online: true, pacingOff: true })?.until).toEqual(
      new Date('2026-03-02T07:00:00Z'),
    );
    expect(isAsleep(SCHEDULE, new Date('2026-03-02T05:00:00Z'))).toBe(true);
    expect(isAsleep(SCHEDULE, new Date('2026-03-02T07:00:00Z'))).toBe(false);
  });

  it('lets a message wait by how busy the agent is, counted from when the turn was asked', () => {
    // Responsiveness 1: two minutes after the message; 100: four seconds.
    expect(hold('2026-03-02T08:00:30Z', received('2026-03-02T08:00:00Z'))).toEqual({
      until: new Date('2026-03-02T08:02:00Z'),
      asleep: false,
      activity: 'Gardening',
    });
    expect(hold('2026-03-02T13:00:00Z')?.until).toEqual(new Date('2026-03-02T13:00:04Z'));
    expect(hold('2026-03-02T08:02:00Z', received('2026-03-02T08:00:00Z'))).toBeNull();
    // A message from the night is answered at once on waking: its wait has long passed.
    expect(hold('2026-03-02T07:00:00Z', received('2026-03-02T02:00:00Z'))).toBeNull();
  });

  it('does not delay an agent already online, nor with pacing off', () => {
    expect(hold('2026-03-02T08:00:00Z', undefined, { online: true })).toBeNull();
    expect(hold('2026-03-02T08:00:00Z', undefined, { pacingOff: true })).toBeNull();
  });

  it('never holds turns the agent or the operator started, nor an agent without a schedule', () => {
    const night = '2026-03-02T01:00:00Z';
    expect(hold(night, received(night, { xsendIntent: 'Tell Mia the news' }))).toBeNull();
    expect(hold(night, received(night, { eventIntents: ['Wish Mia luck'] }))).toBeNull();
    expect(
      hold(night, received(night, { guidance: { heldBack: ['a draft'], instruction: 'Be brief' } })),
    ).toBeNull();
    expect(
      scheduleHold({
        activities: [],
        received: received(night),
        online: false,
        pacingOff: false,
        now: new Date(night),
      }),
    ).toBeNull();
  });

  it('is awake and quick in a gap or past the end of the schedule, as at responsiveness 100', () => {
    expect(hold('2026-03-02T20:00:00Z')).toEqual({
      until: new Date('2026-03-02T20:00:04Z'),
      asleep: false,
      activity: null,
    });
  });
});
