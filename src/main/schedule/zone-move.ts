import type { ScheduleActivity } from '../../shared/domain/schedule';
import { localDateTime, zonedInstant } from '../clock';

/** The instant `instant`'s wall-clock time in `from` falls on in `to`. */
function sameWallClock(instant: string, from: string, to: string): string {
  const local = localDateTime(new Date(instant), from);
  const moved = zonedInstant(local, to, local.hour, local.minute).getTime() + local.second * 1000;
  return new Date(moved).toISOString();
}

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
    start: sameWallClock(activity.start, fromZone, toZone),
    end: sameWallClock(activity.end, fromZone, toZone),
  }));
}
