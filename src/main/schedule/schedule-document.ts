import type { ScheduleActivity } from '../../shared/domain/schedule';
import { localDateTimeText, offsetMinutes } from '../clock';

/** `2026-03-02T09:00+01:00`: the instant on the zone's wall clock, with the zone's offset then. */
export function localIso(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${localDateTimeText(instant, timeZone)}${sign}${hours}:${minutes}`;
}

/**
 * `file:schedule.json`: the agent's schedule as it reads it, times on its own wall clock with their
 * offsets (ids as a `schedule` task names them), or a sentence when it has none.
 */
export function scheduleDocument(
  agentName: string,
  activities: readonly ScheduleActivity[],
  timeZone: string,
): string {
  if (activities.length === 0) return `${agentName} has no daily schedule.`;
  return JSON.stringify(
    {
      timezone: timeZone,
      activities: activities.map((activity) => ({
        id: activity.id,
        start_time: localIso(activity.start, timeZone),
        end_time: localIso(activity.end, timeZone),
        activity_name: activity.name,
        responsiveness: activity.responsiveness,
        description: activity.description,
      })),
    },
    null,
    2,
  );
}
