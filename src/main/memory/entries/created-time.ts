/**
 * The `created` stamp of a property entry: a date (kept as written) or a date-time in the agent's
 * zone, `YYYY-MM-DDTHH:MM:SS±HH:MM`. The model may write either, with or without an offset.
 */

import { isValidDate, localDateTime, offsetMinutes, zonedInstant } from '../../clock';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `instant` as a local date-time with its offset in `timeZone`. */
export function formatLocalDateTime(instant: Date, timeZone: string): string {
  const clock = localDateTime(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:` +
    `${pad(clock.second)}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/**
 * Normalises a `created` value: a date stays a date; a date-time with an offset is moved into the
 * agent's zone; one without is read as the agent's local time. Anything else (absent, or words the
 * model wrote) becomes now.
 */
export function normalizeCreated(value: string | undefined, timeZone: string, now: Date): string {
  const text = value?.trim() ?? '';
  const dateOnly = DATE_ONLY.exec(text);
  if (
    dateOnly &&
    isValidDate({ year: Number(dateOnly[1]), month: Number(dateOnly[2]), day: Number(dateOnly[3]) })
  )
    return text;
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
    if (isValidDate({ year, month, day }) && hour < 24 && minute < 60 && second < 60) {
      const instant = zonedInstant({ year, month, day }, timeZone, hour, minute).getTime() + second * 1000;
      return formatLocalDateTime(new Date(instant), timeZone);
    }
  }
  if (WITH_OFFSET.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const instant = new Date(text);
    if (!Number.isNaN(instant.getTime())) return formatLocalDateTime(instant, timeZone);
  }
  return formatLocalDateTime(now, timeZone);
}
