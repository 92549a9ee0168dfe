import { addDays, isValidDate, localDateTime, zonedInstant } from '../../clock';
import type { NextOccurrence, ScheduledEvent } from '../../store';

const DAY_SECONDS = 86_400;

export type TimeParse = { ok: true; instant: Date } | { ok: false; error: string };

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Whether the runtime knows `timeZone` as an IANA zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a date and time as the agent (or the operator) wrote it: "2026-03-14T09:30", with a space
 * or seconds. Without an offset it is wall-clock time in `timeZone`; an offset ("Z", "+01:00")
 * makes it absolute, unless `zoneOverride` names a zone, which then wins over the offset.
 */
export function parseEventTime(text: string, timeZone: string, zoneOverride?: string): TimeParse {
  const match = DATE_TIME.exec(text.trim());
  if (!match) {
    return { ok: false, error: `time "${text}" is not a date and time such as 2026-03-14T09:30` };
  }
  const [, year, month, day, hour, minute, second, offset] = match;
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  const clock = { hour: Number(hour), minute: Number(minute), second: Number(second ?? 0) };
  if (!isValidDate(date) || clock.hour > 23 || clock.minute > 59 || clock.second > 59) {
    return { ok: false, error: `time "${text}" is not a real date and time` };
  }
  if (zoneOverride !== undefined && zoneOverride !== '' && !isKnownTimeZone(zoneOverride)) {
    return { ok: false, error: `timezone "${zoneOverride}" is not a time zone name such as Europe/Paris` };
  }
  if (offset && !zoneOverride) {
    const wall = Date.UTC(date.year, date.month - 1, date.day, clock.hour, clock.minute, clock.second);
    return { ok: true, instant: new Date(wall - offsetMinutesOf(offset) * 60_000) };
  }
  const zone = zoneOverride || timeZone;
  const instant = zonedInstant(date, zone, clock.hour, clock.minute);
  return { ok: true, instant: new Date(instant.getTime() + clock.second * 1000) };
}

function offsetMinutesOf(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return offset.startsWith('-') ? -minutes : minutes;
}

/**
 * One interval after `dueAt`. Whole days (and weeks) move the date and keep the wall-clock time
 * in `timeZone`, so a daily 09:00 stays 09:00 across a daylight saving change; shorter intervals
 * are exact durations.
 */
export function occurrenceAfter(dueAt: Date, intervalSeconds: number, timeZone: string): Date {
  if (intervalSeconds % DAY_SECONDS !== 0) return new Date(dueAt.getTime() + intervalSeconds * 1000);
  const local = localDateTime(dueAt, timeZone);
  const moved = zonedInstant(
    addDays(local, intervalSeconds / DAY_SECONDS),
    timeZone,
    local.hour,
    local.minute,
  );
  return new Date(moved.getTime() + local.second * 1000);
}

/**
 * Where an event goes once its due occurrence fired at `now`: the first occurrence after now,
 * or null when it is done (no interval, or no occurrences left). Occurrences missed while
 * Troupe was not running are skipped and count as used: the one firing stands for them, and a
 * series ends when it was meant to.
 */
export function nextOccurrence(
  event: Pick<ScheduledEvent, 'dueAt' | 'intervalSeconds' | 'remaining'>,
  now: Date,
  timeZone: string,
): NextOccurrence {
  const interval = event.intervalSeconds;
  if (interval === null) return null;
  let dueAt = occurrenceAfter(event.dueAt, interval, timeZone);
  let used = 1;
  if (dueAt <= now && interval % DAY_SECONDS !== 0) {
    // Exact durations skip ahead in one step, however long Troupe was away.
    const missed = Math.floor((now.getTime() - dueAt.getTime()) / (interval * 1000)) + 1;
    dueAt = new Date(dueAt.getTime() + missed * interval * 1000);
    used += missed;
  }
  while (dueAt <= now) {
    dueAt = occurrenceAfter(dueAt, interval, timeZone);
    used++;
  }
  if (event.remaining === null) return { dueAt, remaining: null };
  const remaining = event.remaining - used;
  return remaining >= 1 ? { dueAt, remaining } : null;
}
