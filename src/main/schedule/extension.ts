import type { ScheduleActivity } from '../../shared/domain/schedule';
import { addDays, localDateTime, zonedInstant } from '../clock';

/** A schedule is extended once less than this much of it is left. */
export const EXTEND_WHEN_LEFT_MS = 2 * 24 * 3_600_000;

/** Where the schedule ends: the end of its last activity, or null for an empty one. */
export function scheduleEnd(activities: readonly ScheduleActivity[]): Date | null {
  const ends = activities.map((activity) => Date.parse(activity.end));
  return ends.length === 0 ? null : new Date(Math.max(...ends));
}

/** Whether less than two days of the schedule are left at `now` (an empty one always needs it). */
export function needsExtension(activities: readonly ScheduleActivity[], now: Date): boolean {
  const end = scheduleEnd(activities);
  return end === null || end.getTime() - now.getTime() < EXTEND_WHEN_LEFT_MS;
}

/**
 * The stretch an extension fills: from the schedule's end (or `now`, if that is later or there is
 * none) to the midnight that ends the day after tomorrow in the agent's zone, whatever daylight
 * saving does to the days in between.
 */
export function extensionWindow(
  activities: readonly ScheduleActivity[],
  now: Date,
  timeZone: string,
): { start: Date; end: Date } {
  const end = scheduleEnd(activities);
  const start = end && end > now ? end : now;
  const today = localDateTime(now, timeZone);
  const target = zonedInstant(addDays(today, 3), timeZone);
  return { start, end: target > start ? target : start };
}
