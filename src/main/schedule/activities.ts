import type { ScheduleActivity } from '../../shared/domain/schedule';

/**
 * An agent's schedule as a list of activities: sorted by start, never overlapping. Each change
 * returns a new list and leaves the old one as it was, so a refused change keeps the old schedule.
 */

/** Activities that ended this long ago are dropped when a schedule is saved. */
export const KEPT_PAST_MS = 2 * 24 * 3_600_000;

/** A change the schedule cannot take; the message says what to fix, `field` where, when one field is at fault. */
export class ScheduleError extends Error {
  override readonly name = 'ScheduleError';

  constructor(
    message: string,
    readonly field?: keyof ScheduleActivity,
  ) {
    super(message);
  }
}

const startOf = (activity: ScheduleActivity) => Date.parse(activity.start);
const endOf = (activity: ScheduleActivity) => Date.parse(activity.end);

function byStart(a: ScheduleActivity, b: ScheduleActivity): number {
  return startOf(a) - startOf(b) || endOf(a) - endOf(b);
}

/** Times as the schedule keeps them: ISO in UTC. Throws when `text` has no offset or is no time. */
export function utcTime(text: string, what: string, field?: 'start' | 'end'): string {
  // A time without an offset means a different instant in every zone: the writer must say which.
  if (!/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(text.trim())) {
    throw new ScheduleError(
      `${what} "${text}" has no time zone offset; write it like 2026-03-01T08:00:00+01:00.`,
      field,
    );
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new ScheduleError(`${what} "${text}" is not a date and time.`, field);
  return new Date(ms).toISOString();
}

/** Checks one activity on its own: a name, an end after its start, responsiveness 0–100. */
export function checkActivity(activity: ScheduleActivity): ScheduleActivity {
  const start = utcTime(activity.start, `The start of "${activity.name}"`, 'start');
  const end = utcTime(activity.end, `The end of "${activity.name}"`, 'end');
  if (activity.name.trim() === '') throw new ScheduleError('An activity needs a name.', 'name');
  if (Date.parse(end) <= Date.parse(start)) {
    throw new ScheduleError(
      `"${activity.name}" ends before it starts (${activity.start} to ${activity.end}).`,
      'end',
    );
  }
  const r = activity.responsiveness;
  if (!Number.isInteger(r) || r < 0 || r > 100) {
    throw new ScheduleError(
      `The responsiveness of "${activity.name}" must be a whole number from 0 to 100, not ${r}.`,
      'responsiveness',
    );
  }
  return { ...activity, name: activity.name.trim(), start, end };
}

/** A whole schedule as an operator edits it: every activity valid, none overlapping. Sorted. */
export function checkSchedule(activities: readonly ScheduleActivity[]): ScheduleActivity[] {
  const checked = activities.map(checkActivity).sort(byStart);
  const ids = new Set<string>();
  checked.forEach((activity, index) => {
    if (ids.has(activity.id)) throw new ScheduleError(`Two activities have the id ${activity.id}.`);
    ids.add(activity.id);
    const next = checked[index + 1];
    if (next && startOf(next) < endOf(activity)) {
      throw new ScheduleError(
        `"${activity.name}" and "${next.name}" overlap; make one end before the other starts.`,
      );
    }
  });
  return checked;
}

/**
 * The schedule with `added` in its place: activities it overlaps are cut around it (one that
 * spans it is split in two), as a person fitting an appointment into their day would.
 */
export function insertActivity(
  activities: readonly ScheduleActivity[],
  added: ScheduleActivity,
  newId: () => string,
): ScheduleActivity[] {
  const activity = checkActivity(added);
  if (activities.some((other) => other.id === activity.id)) {
    throw new ScheduleError(`There is already an activity with the id ${activity.id}.`);
  }
  return [...cutAround(activities, activity, newId), activity].sort(byStart);
}

/** The schedule with the activity of `id` changed by `change` and the others cut around it. */
export function updateActivity(
  activities: readonly ScheduleActivity[],
  id: string,
  change: Partial<Omit<ScheduleActivity, 'id'>>,
  newId: () => string,
): ScheduleActivity[] {
  const current = activities.find((activity) => activity.id === id);
  if (!current) throw new ScheduleError(`There is no activity with the id ${id}.`);
  const updated = checkActivity({ ...current, ...change, id });
  const others = activities.filter((activity) => activity.id !== id);
  return [...cutAround(others, updated, newId), updated].sort(byStart);
}

/** The schedule without the activity of `id`. */
export function deleteActivity(activities: readonly ScheduleActivity[], id: string): ScheduleActivity[] {
  if (!activities.some((activity) => activity.id === id)) {
    throw new ScheduleError(`There is no activity with the id ${id}.`);
  }
  return activities.filter((activity) => activity.id !== id);
}

/** The schedule without the activities that ended more than `KEPT_PAST_MS` before `now`. */
export function pruneEnded(activities: readonly ScheduleActivity[], now: Date): ScheduleActivity[] {
  return activities.filter((activity) => endOf(activity) > now.getTime() - KEPT_PAST_MS);
}

/** The parts of `activities` outside `kept`'s time: trimmed, split, or dropped when covered. */
function cutAround(
  activities: readonly ScheduleActivity[],
  kept: ScheduleActivity,
  newId: () => string,
): ScheduleActivity[] {
  const from = startOf(kept);
  const to = endOf(kept);
  return activities.flatMap((activity) => {
    const start = startOf(activity);
    const end = endOf(activity);
    if (end <= from || start >= to) return [activity];
    const parts: ScheduleActivity[] = [];
    if (start < from) parts.push({ ...activity, end: kept.start });
    if (end > to) parts.push({ ...activity, id: parts.length > 0 ? newId() : activity.id, start: kept.end });
    return parts;
  });
}
