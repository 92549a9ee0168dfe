const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter, made once per locale and options: making one costs far more than formatting,
 * and a timeline formats a time for every message it draws.
 */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** "3 minutes ago", "yesterday", "just now": for timestamps an operator glances at. */
export function formatRelativeTime(iso: string, now: Date, locale?: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return Math.abs(seconds) < 10 ? 'just now' : format.format(seconds, 'second');
}

/**
 * A past event's time, as `formatRelativeTime` words it, but never as a time to come: the runtime's
 * clock may run a little ahead of the browser's, and a plan made a moment ago is "just now".
 */
export function formatPastTime(iso: string, now: Date, locale?: string): string {
  return Date.parse(iso) > now.getTime() ? 'just now' : formatRelativeTime(iso, now, locale);
}

/** A full local date and time, for tooltips and `<time>` titles. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Splits a path into its directory (with the trailing separator) and its last segment. */
export function splitPath(path: string): { dir: string; base: string } {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? { dir: '', base: path } : { dir: path.slice(0, cut + 1), base: path.slice(cut + 1) };
}
