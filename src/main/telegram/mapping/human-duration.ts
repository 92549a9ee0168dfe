/**
 * Units Telegram's clients use for auto-delete timers, largest first. A month is 31 days
 * because that is the period Telegram's own "1 month" preset sets (2 678 400 s).
 */
const UNITS: readonly [name: string, seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 31 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A period in the largest unit that measures it exactly: 86400 → "1 day", 604800 → "1 week",
 * 5400 → "90 minutes", so the sentence states the timer exactly as it was set.
 */
export function humanDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [unit, size] = UNITS.find(([, unitSeconds]) => whole % unitSeconds === 0 && whole >= unitSeconds) ?? [
    'second',
    1,
  ];
  const count = whole / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
