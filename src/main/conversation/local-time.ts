/**
 * Instants written in an agent's time zone, the way the model reads them: message headers
 * ("2026-01-15 14:30:00 CET") and the prompt's current time ("Thursday, January 15, 2026 at
 * 2:30 PM CET"). Every turn writes the times of up to fifty messages, mostly the same ones as the
 * turn before, and Intl is slow at it (building a formatter, and naming the zone, which may take
 * four locales), so each zone's formatters are built once per process and its recent message
 * times are kept, and so are the zone's names by quarter hour (zones change offset only on a
 * quarter hour) and its current time by minute (the finest it is written).
 */

/**
 * English locales whose short zone names ICU spells as letters for their own region (en-US: PST,
 * en-GB: CET, en-AU: AEDT, en-IN: IST). Elsewhere each gives "GMT+9"-style offsets, which stay the
 * answer when no locale has a name.
 */
const ZONE_NAME_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'] as const;
const OFFSET_STYLE = /^(GMT|UTC)[+-]/;
/** Message times kept per zone: the recent turns of many conversations, a megabyte at most. */
const MESSAGE_TIMES_KEPT = 10_000;
/** Zone names kept per zone, by quarter hour: a hundred days of them. */
const ZONE_NAMES_KEPT = 10_000;
const QUARTER_HOUR_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

interface ZoneFormatters {
  /** Year to second, 24-hour, for message headers. */
  messageFields: Intl.DateTimeFormat;
  /** Weekday to minute, 12-hour, for the current time. */
  longFields: Intl.DateTimeFormat;
  /** The short zone name in each of ZONE_NAME_LOCALES, in order. */
  zoneNames: Intl.DateTimeFormat[];
  /** Message times written, by epoch milliseconds, oldest first. */
  messageTimes: Map<number, string>;
  /** The zone's name by quarter hour since the epoch, oldest first. */
  names: Map<number, string>;
  /** The current time as last written, and the minute since the epoch it is for. */
  longTime: { minute: number; text: string } | null;
}

/** Agents use a handful of zones, so this never grows past a few entries. */
const formattersByZone = new Map<string, ZoneFormatters>();

/** The zone's formatters; throws RangeError for a zone the runtime does not know (nothing is cached then). */
function formattersFor(timeZone: string): ZoneFormatters {
  let formatters = formattersByZone.get(timeZone);
  if (!formatters) {
    formatters = {
      messageFields: new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      longFields: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h12',
      }),
      zoneNames: ZONE_NAME_LOCALES.map(
        (locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
      ),
      messageTimes: new Map(),
      names: new Map(),
      longTime: null,
    };
    formattersByZone.set(timeZone, formatters);
  }
  return formatters;
}

/** Keeps `value` under `key`, dropping the oldest entry once `map` holds `limit`. */
function keep<K, V>(map: Map<K, V>, limit: number, key: K, value: V): V {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

function zoneName(formatters: ZoneFormatters, instant: Date): string {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  return (
    formatters.names.get(quarter) ??
    keep(formatters.names, ZONE_NAMES_KEPT, quarter, nameAt(formatters, instant))
  );
}

function nameAt(formatters: ZoneFormatters, instant: Date): string {
  let fallback = '';
  for (const formatter of formatters.zoneNames) {
    const name = formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (name !== '' && !OFFSET_STYLE.test(name)) return name;
    if (fallback === '') fallback = name;
  }
  return fallback;
}

function partsByType(formatter: Intl.DateTimeFormat, instant: Date): Map<string, string> {
  return new Map(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
}

/**
 * `YYYY-MM-DD HH:MM:SS ZONE` in `timeZone`. Throws RangeError for a zone the runtime does not
 * know; agent zones are validated when the config loads.
 */
export function messageTimeFormatter(timeZone: string): (instant: Date) => string {
  const formatters = formattersFor(timeZone);
  const { messageTimes } = formatters;
  return (instant) => {
    const at = instant.getTime();
    let text = messageTimes.get(at);
    if (text === undefined) {
      const part = partsByType(formatters.messageFields, instant);
      const date = `${part.get('year')}-${part.get('month')}-${part.get('day')}`;
      const time = `${part.get('hour')}:${part.get('minute')}:${part.get('second')}`;
      text = keep(messageTimes, MESSAGE_TIMES_KEPT, at, `${date} ${time} ${zoneName(formatters, instant)}`);
    }
    return text;
  };
}

/** `Weekday, Month D, YYYY at H:MM AM ZONE` in `timeZone`, for the prompt's current time. */
export function formatLongLocalTime(instant: Date, timeZone: string): string {
  const formatters = formattersFor(timeZone);
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  if (formatters.longTime?.minute === minute) return formatters.longTime.text;
  const part = partsByType(formatters.longFields, instant);
  const date = `${part.get('weekday')}, ${part.get('month')} ${part.get('day')}, ${part.get('year')}`;
  const time = `${part.get('hour')}:${part.get('minute')} ${part.get('dayPeriod')}`;
  const text = `${date} at ${time} ${zoneName(formatters, instant)}`;
  formatters.longTime = { minute, text };
  return text;
}
