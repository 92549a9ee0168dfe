/**
 * Calendar days in a time zone: an agent's, whose "What did we do on March 3" means March 3 where
 * it lives (and so do "yesterday", "last Tuesday" and its daily spending), or the operator's, whose
 * cost charts count their days. A day is from local midnight to local midnight, which daylight
 * saving time can make 23 or 25 hours long.
 */

/** A calendar date; `month` 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A local date with its weekday (0 Sunday – 6 Saturday) and time of day. */
export interface LocalDateTime extends LocalDate {
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in `timeZone` (an IANA name; throws RangeError when unknown). */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = new Map(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const year = Number(parts.get('year'));
  const month = Number(parts.get('month'));
  const day = Number(parts.get('day'));
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour: Number(parts.get('hour')),
    minute: Number(parts.get('minute')),
    second: Number(parts.get('second')),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const local = localDateTime(new Date(instant), timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return wall - (instant - (instant % 1000));
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in whole minutes. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
}

/** The instant the wall clock in `timeZone` shows `date` at `hour:minute` (the later one in a repeated hour). */
export function zonedInstant(date: LocalDate, timeZone: string, hour = 0, minute = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let instant = wall - offsetAt(wall, timeZone);
  // Once more from the first guess: the offset there is the one that holds when it crosses a change.
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The date `months` months after `date`'s month, on its first day. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: 1 };
}

/** The date as YYYY-MM-DD. */
export function isoLocalDate(date: LocalDate): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** `YYYY-MM-DDTHH:mm`: the wall-clock time of an instant in `timeZone`, as a person writes it. */
export function localDateTimeText(instant: Date, timeZone: string): string {
  const local = localDateTime(instant, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${isoLocalDate(local)}T${pad(local.hour)}:${pad(local.minute)}`;
}

/** The local day `instant` falls in: its date and the instants it starts and ends (23 to 25 hours apart). */
export function localDay(instant: Date, timeZone: string): { date: string; start: Date; end: Date } {
  const today = localDateTime(instant, timeZone);
  return {
    date: isoLocalDate(today),
    start: zonedInstant(today, timeZone),
    end: zonedInstant(addDays(today, 1), timeZone),
  };
}

/** Whether the date exists (no February 30). */
export function isValidDate(date: LocalDate): boolean {
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day;
}

/** Orders two dates: negative when `a` is earlier. */
export function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
