import { offsetMinutes } from '../../clock';
import type { DayOffset } from '../../store';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The first minute after `before` (where the offset was `offset`) and up to `after` with another offset. */
function changeBetween(zone: string, before: number, after: number, offset: number): number {
  let low = before;
  let high = after;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutes(new Date(middle), zone) === offset) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The offsets a zone has over [since, until), each from the instant it takes effect: one for
 * most windows, another from each daylight-saving change inside it (zones change at most a few
 * times a year, so a daily probe finds each change, then a search finds its minute).
 */
export function zoneDayOffsets(zone: string, since: Date, until: Date): DayOffset[] {
  const offsets: DayOffset[] = [{ from: since, offsetMinutes: offsetMinutes(since, zone) }];
  let probe = since.getTime();
  while (probe < until.getTime()) {
    const next = Math.min(probe + DAY_MS, until.getTime());
    const current = offsets.at(-1)!.offsetMinutes;
    const offsetNext = offsetMinutes(new Date(next), zone);
    if (offsetNext !== current) {
      const from = changeBetween(zone, probe, next, current);
      offsets.push({ from: new Date(from), offsetMinutes: offsetMinutes(new Date(from), zone) });
    }
    probe = next;
  }
  return offsets;
}

/** The calendar day (`YYYY-MM-DD`) of `instant` under the offsets. */
function dayOf(offsets: readonly DayOffset[], instant: Date): string {
  const offset = offsets.findLast((o, index) => index === 0 || o.from <= instant)!.offsetMinutes;
  return new Date(instant.getTime() + offset * MINUTE_MS).toISOString().slice(0, 10);
}

/** Every calendar day the window [since, until) touches under the offsets, in order. */
export function windowDays(offsets: readonly DayOffset[], since: Date, until: Date): string[] {
  const last = dayOf(offsets, new Date(until.getTime() - 1));
  const days: string[] = [];
  for (let day = dayOf(offsets, since); day <= last; ) {
    days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  return days;
}

/** `UTC`, `UTC+02:00`, `UTC-05:30`: a fixed offset's name. */
export function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const minutes = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
