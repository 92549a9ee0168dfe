import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import { localDateTimeText, zonedInstant } from '../../../../shared/domain/zoned-time';
import { parseLocalDate } from './timeline';

/** An activity's form as the operator fills it in: times as wall clock in the agent's zone. */
export interface ActivityForm {
  name: string;
  /** `YYYY-MM-DDTHH:mm` in the agent's zone, as a datetime-local input holds it. */
  start: string;
  end: string;
  /** Text until saved, so a half-typed number can be said wrong. */
  responsiveness: string;
  description: string;
}

/** An activity as `schedule.put` takes it: no id for a new one. */
export type ActivityDraft = Omit<ScheduleActivity, 'id'> & { id?: string };

export type ActivityFormErrors = Partial<Record<keyof ActivityForm, string>>;

export type ActivityFormCheck =
  | { ok: true; draft: ActivityDraft }
  | { ok: false; errors: ActivityFormErrors };

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** A new activity's form over `start`–`end` (a free slot, or the next hour). */
export function newActivityForm(start: Date, end: Date, timeZone: string): ActivityForm {
  return {
    name: '',
    start: localDateTimeText(start, timeZone),
    end: localDateTimeText(end, timeZone),
    responsiveness: '80',
    description: '',
  };
}

export function activityForm(activity: ScheduleActivity, timeZone: string): ActivityForm {
  return {
    name: activity.name,
    start: localDateTimeText(new Date(activity.start), timeZone),
    end: localDateTimeText(new Date(activity.end), timeZone),
    responsiveness: String(activity.responsiveness),
    description: activity.description,
  };
}

/** The instant a `YYYY-MM-DDTHH:mm` wall-clock time names in the zone, or null when it is not one. */
export function zonedTime(text: string, timeZone: string): Date | null {
  const match = LOCAL_TIME.exec(text);
  if (!match) return null;
  const instant = zonedInstant(parseLocalDate(match[1]!), timeZone, Number(match[2]), Number(match[3]));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The form as the API takes it (times in UTC), or what to fix under each field. */
export function checkActivityForm(form: ActivityForm, timeZone: string, id?: string): ActivityFormCheck {
  const errors: ActivityFormErrors = {};
  if (form.name.trim() === '') errors.name = 'Name the activity, e.g. “Asleep” or “Working at the shop”.';
  const start = zonedTime(form.start, timeZone);
  const end = zonedTime(form.end, timeZone);
  if (!start) errors.start = 'Pick a date and a time.';
  if (!end) errors.end = 'Pick a date and a time.';
  else if (start && end.getTime() <= start.getTime()) errors.end = 'The end must come after the start.';
  const responsiveness = Number(form.responsiveness);
  if (
    form.responsiveness.trim() === '' ||
    !Number.isInteger(responsiveness) ||
    responsiveness < 0 ||
    responsiveness > 100
  )
    errors.responsiveness = 'A whole number from 0 (asleep) to 100 (answers at once).';
  if (Object.keys(errors).length > 0 || !start || !end) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      ...(id === undefined ? {} : { id }),
      name: form.name.trim(),
      start: start.toISOString(),
      end: end.toISOString(),
      responsiveness,
      description: form.description.trim(),
    },
  };
}

/** Where a refusal's `issues` path (`activity.end`) belongs on the form, if anywhere. */
export function formFieldOf(path: string): keyof ActivityForm | null {
  const field = path.replace(/^activity\./, '');
  return field === 'name' ||
    field === 'start' ||
    field === 'end' ||
    field === 'responsiveness' ||
    field === 'description'
    ? field
    : null;
}
