import type { ScheduleActivity } from '../../shared/domain/schedule';

/** With no activity at a moment, the agent is as responsive as it gets. */
export const DEFAULT_RESPONSIVENESS = 100;
const FASTEST_REPLY_S = 4;
const SLOWEST_REPLY_S = 120;

/** The activity going on at `now`, if any. */
export function activityAt(activities: readonly ScheduleActivity[], now: Date): ScheduleActivity | null {
  const at = now.getTime();
  return (
    activities.find((activity) => Date.parse(activity.start) <= at && at < Date.parse(activity.end)) ?? null
  );
}

export function responsivenessAt(activities: readonly ScheduleActivity[], now: Date): number {
  return activityAt(activities, now)?.responsiveness ?? DEFAULT_RESPONSIVENESS;
}

/**
 * How long the agent lets a message wait before it answers, by how responsive it is: 4 s at 100,
 * rising evenly to 120 s at 1. Null at 0: the agent is asleep (see `awakeAt`).
 */
export function replyDelaySeconds(responsiveness: number): number | null {
  if (responsiveness <= 0) return null;
  const r = Math.min(responsiveness, 100);
  return Math.max(
    FASTEST_REPLY_S,
    Math.floor(FASTEST_REPLY_S + ((100 - r) * (SLOWEST_REPLY_S - FASTEST_REPLY_S)) / 99),
  );
}

/**
 * When the agent is awake again: `now` when it is awake, else the end of its sleep, the first
 * moment after it with no activity or one whose responsiveness is above 0 (sleeping activities in
 * a row are slept through; past the schedule's end the agent is awake by default).
 */
export function awakeAt(activities: readonly ScheduleActivity[], now: Date): Date {
  let at = now.getTime();
  for (;;) {
    const current = activityAt(activities, new Date(at));
    if (!current || current.responsiveness > 0) return new Date(at);
    const end = Date.parse(current.end);
    // A malformed activity that does not move time forward must not hold the agent forever.
    if (!(end > at)) return new Date(at);
    at = end;
  }
}
