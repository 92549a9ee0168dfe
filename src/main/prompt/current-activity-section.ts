import type { ScheduleActivity } from '../../shared/domain/schedule';
import { isoLocalDate, localDateTime } from '../clock';
import { activityAt } from '../schedule';
import { type PromptSection, promptSection } from './section';

/** `14:30` on the day of `now` in the zone, else `2026-03-02 14:30`. */
function localClock(instant: Date, now: Date, timeZone: string): string {
  const local = localDateTime(instant, timeZone);
  const time = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
  const sameDay = isoLocalDate(local) === isoLocalDate(localDateTime(now, timeZone));
  return sameDay ? time : `${isoLocalDate(local)} ${time}`;
}

/** A span as a person says it: "2 h 15 min", "40 min", "under a minute". */
function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function describe(activity: ScheduleActivity): string {
  const description = activity.description.trim();
  return description === '' ? activity.name : `${activity.name}: ${description}`;
}

/**
 * `# Current Activity`: what the agent's schedule has it doing now, with its times in the agent's
 * zone and the time left, what comes next, and that the whole schedule can be retrieved as
 * `file:schedule.json`. Null for an agent without a schedule. Changes every turn (the time left),
 * so it belongs with the turn's context.
 */
export function currentActivitySection(
  activities: readonly ScheduleActivity[],
  now: Date,
  timeZone: string,
): PromptSection | null {
  if (activities.length === 0) return null;
  const current = activityAt(activities, now);
  const next = activities.find(
    (activity) => Date.parse(activity.start) >= (current ? Date.parse(current.end) : now.getTime()),
  );
  const lines: string[] = [];
  if (current) {
    const end = new Date(current.end);
    lines.push(
      `You are ${describe(current)} (from ${localClock(new Date(current.start), now, timeZone)} to ${localClock(end, now, timeZone)}, ${span(end.getTime() - now.getTime())} left; responsiveness ${current.responsiveness} of 100).`,
    );
  } else {
    lines.push('Nothing is on your schedule right now.');
  }
  if (next) lines.push(`Next: ${describe(next)}, from ${localClock(new Date(next.start), now, timeZone)}.`);
  lines.push('Your whole schedule can be retrieved as `file:schedule.json`.');
  return promptSection(
    'current-activity',
    'Current activity',
    `# Current Activity\n\n${lines.join('\n')}`,
    false,
  );
}
