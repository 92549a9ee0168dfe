/**
 * How often a scheduled event repeats, written as "<count> <unit>" ("30 minutes", "1 hour",
 * "2 days", "1 week"; singular or plural). Stored as seconds; whole days and weeks keep the wall
 * clock time in the agent's zone across daylight saving changes, minutes and hours do not.
 */

export const INTERVAL_UNITS = ['minute', 'hour', 'day', 'week'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export const UNIT_SECONDS: Record<IntervalUnit, number> = {
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 604_800,
};

/** The shortest repeat: anything faster is a loop, not a reminder. */
export const MIN_INTERVAL_SECONDS = 60;
/** The longest repeat (a year); beyond it a new event is the clearer plan. */
export const MAX_INTERVAL_SECONDS = 366 * 86_400;
/** The most occurrences an event may be given at once. */
export const MAX_OCCURRENCES = 1_000;

export type IntervalParse = { ok: true; seconds: number } | { ok: false; error: string };

const INTERVAL_PATTERN = /^(\d+)\s*(minute|min|hour|hr|day|week|wk)s?$/i;
const UNIT_ALIASES: Record<string, IntervalUnit> = {
  minute: 'minute',
  min: 'minute',
  hour: 'hour',
  hr: 'hour',
  day: 'day',
  week: 'week',
  wk: 'week',
};

/** Reads "2 hours" (or "1 week", "30 min") into seconds, refusing what cannot be a repeat. */
export function parseInterval(text: string): IntervalParse {
  const match = INTERVAL_PATTERN.exec(text.trim());
  const unit = match ? UNIT_ALIASES[match[2]!.toLowerCase()] : undefined;
  if (!match || !unit) {
    return {
      ok: false,
      error: `interval "${text}" is not a count and a unit, such as "30 minutes", "2 hours", "1 day" or "1 week"`,
    };
  }
  const seconds = Number(match[1]) * UNIT_SECONDS[unit];
  if (seconds < MIN_INTERVAL_SECONDS) return { ok: false, error: 'interval must be at least 1 minute' };
  if (seconds > MAX_INTERVAL_SECONDS) return { ok: false, error: 'interval must be at most 366 days' };
  return { ok: true, seconds };
}

/** The interval in the largest unit that divides it: 7200 → "2 hours", 604800 → "1 week". */
export function formatInterval(seconds: number): string {
  const { count, unit } = intervalParts(seconds);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The count and unit an interval is best written in. */
export function intervalParts(seconds: number): { count: number; unit: IntervalUnit } {
  for (const unit of [...INTERVAL_UNITS].reverse()) {
    const size = UNIT_SECONDS[unit];
    if (seconds % size === 0) return { count: seconds / size, unit };
  }
  return { count: Math.max(1, Math.round(seconds / 60)), unit: 'minute' };
}
