/**
 * The `created` stamp of a property entry: a date (kept as written) or a date-time in the agent's
 * zone, `YYYY-MM-DDTHH:MM:SS±HH:MM`. The model may write either, with or without an offset.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

function wallClockAsUtc(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** The zone's offset from UTC at `instant`, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return Math.round((wallClockAsUtc(wallClockIn(whole, timeZone)) - whole.getTime()) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `instant` as a local date-time with its offset in `timeZone`. */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:` +
    `${pad(clock.second)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/** The instant a wall-clock time in `timeZone` names (the earlier one in a daylight-saving overlap). */
function instantOfWallClock(clock: WallClock, timeZone: string): Date {
  const asUtc = wallClockAsUtc(clock);
  let guess = new Date(asUtc);
  for (let step = 0; step < 2; step++) {
    guess = new Date(asUtc - offsetMinutes(guess, timeZone) * 60_000);
  }
  return guess;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Normalises a `created` value: a date stays a date; a date-time with an offset is moved into the
 * agent's zone; one without is read as the agent's local time. Anything else (absent, or words the
 * model wrote) becomes now.
 */
export function normalizeCreated(value: string | undefined, timeZone: string, now: Date): string {
  const text = value?.trim() ?? '';
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly && isRealDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]))) return text;
  const naive = NAIVE_DATE_TIME.exec(text);
  if (naive) {
    const [year, month, day, hour, minute, second] = naive.slice(1).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (isRealDate(year, month, day) && hour < 24 && minute < 60 && second < 60) {
      return formatLocalDateTime(
        instantOfWallClock({ year, month, day, hour, minute, second }, timeZone),
        timeZone,
      );
    }
  }
  if (WITH_OFFSET.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) return formatLocalDateTime(instant, timeZone);
  }
  return formatLocalDateTime(now, timeZone);
}
