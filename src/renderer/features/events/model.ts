import type { EventDraft, ScheduledEventView } from '../../../shared/api/events-contract';
import {
  INTERVAL_UNITS,
  type IntervalUnit,
  intervalParts,
  parseInterval,
} from '../../../shared/domain/event-interval';

/** The event form as the operator fills it in; numbers stay text until saved. */
export interface EventForm {
  intent: string;
  /** `YYYY-MM-DDTHH:mm` in the agent's zone, as a datetime-local input holds it. */
  time: string;
  repeats: boolean;
  every: string;
  unit: IntervalUnit;
  /** Empty: for ever. */
  occurrences: string;
}

export const UNIT_LABELS: Record<IntervalUnit, string> = {
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  week: 'weeks',
};

export const UNIT_OPTIONS = INTERVAL_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));

/** A new event's form: an hour from now in the agent's zone, once. */
export function newEventForm(now: Date, timeZone: string): EventForm {
  return {
    intent: '',
    time: localInputTime(new Date(now.getTime() + 60 * 60_000), timeZone),
    repeats: false,
    every: '1',
    unit: 'day',
    occurrences: '',
  };
}

export function eventForm(event: ScheduledEventView): EventForm {
  const parsed = event.interval === null ? null : parseInterval(event.interval);
  const parts = parsed?.ok ? intervalParts(parsed.seconds) : { count: 1, unit: 'day' as const };
  return {
    intent: event.intent,
    time: event.localTime,
    repeats: event.interval !== null,
    every: String(parts.count),
    unit: parts.unit,
    occurrences: event.remaining === null ? '' : String(event.remaining),
  };
}

export type FormCheck =
  | { ok: true; draft: EventDraft }
  | { ok: false; errors: Partial<Record<keyof EventForm, string>> };

/** The form as the API takes it, or what to fix under each field. */
export function checkEventForm(form: EventForm): FormCheck {
  const errors: Partial<Record<keyof EventForm, string>> = {};
  if (form.intent.trim() === '') errors.intent = 'Write what the agent should do then.';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(form.time)) errors.time = 'Pick a date and a time.';
  let interval: string | null = null;
  let occurrences: number | null = null;
  if (form.repeats) {
    const every = Number(form.every);
    if (!Number.isInteger(every) || every < 1) errors.every = 'A whole number, 1 or more.';
    else interval = `${every} ${form.unit}${every === 1 ? '' : 's'}`;
    if (form.occurrences.trim() !== '') {
      occurrences = Number(form.occurrences);
      if (!Number.isInteger(occurrences) || occurrences < 1)
        errors.occurrences = 'A whole number, 1 or more, or empty for no end.';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, draft: { intent: form.intent.trim(), time: form.time, interval, occurrences } };
}

/** "Every 2 hours, 3 times left", "Every day, no end", or "Once". */
export function repeatWords(event: Pick<ScheduledEventView, 'interval' | 'remaining'>): string {
  if (event.interval === null) return 'Once';
  const every = event.interval.startsWith('1 ') ? event.interval.slice(2).replace(/s$/, '') : event.interval;
  const left =
    event.remaining === null
      ? 'no end'
      : `${event.remaining} ${event.remaining === 1 ? 'time' : 'times'} left`;
  return `Every ${every}, ${left}`;
}

/** `YYYY-MM-DDTHH:mm` in the zone, for a datetime-local input (Swedish dates are ISO-shaped). */
export function localInputTime(instant: Date, timeZone: string): string {
  return instant.toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' }).replace(' ', 'T').slice(0, 16);
}

/** How an event's controls name it: when it is due and what it asks ("Mon, 2 Jun 2025, 08:00, “Say hi”"). */
export function eventName(event: Pick<ScheduledEventView, 'dueAt' | 'intent'>, timeZone: string): string {
  const intent = event.intent.length > 40 ? `${event.intent.slice(0, 39)}…` : event.intent;
  return `${dueWords(event, timeZone)}, “${intent}”`;
}

/** "Tue, 3 Mar 2026, 09:00" in the agent's zone: when an event is due, as the operator reads it. */
export function dueWords(event: Pick<ScheduledEventView, 'dueAt'>, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(event.dueAt));
}
