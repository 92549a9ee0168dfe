import type { ScheduleActivity } from '../../shared/domain/schedule';
import { localDateTime, zonedInstant } from '../clock';

/** The instant that shows, in `to`, the wall-clock time `instant` shows in `from`. */
export function sameWallClock(instant: Date, from: string, to: string): Date {
  const local = localDateTime(instant, from);
  return new Date(zonedInstant(local, to, local.hour, local.minute).getTime() + local.second * 1000);
}

const movedIso = (iso: string, from: string, to: string) =>
  sameWallClock(new Date(iso), from, to).toISOString();

/**
 * The schedule kept at the same wall-clock times in another zone (the agent moved: its 7:00 alarm
 * stays at 7:00), for an operator changing the agent's time zone who keeps the schedule.
 */
export function moveToZone(
  activities: readonly ScheduleActivity[],
  fromZone: string,
  toZone: string,
): ScheduleActivity[] {
  return activities.map((activity) => ({
    ...activity,
    start: movedIso(activity.start, fromZone, toZone),
    end: movedIso(activity.end, fromZone, toZone),
  }));
}
