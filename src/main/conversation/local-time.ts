/**
 * Instants written in an agent's time zone, the way the model reads them: message headers
 * ("2026-01-15 14:30:00 CET") and the prompt's current time ("Thursday, January 15, 2026 at
 * 2:30 PM CET"). Formatters are built once per function returned here, not per instant, because
 * a history renders dozens of timestamps per turn.
 */

/**
 * English locales whose short zone names ICU spells as letters for their own region (en-US: PST,
 * en-GB: CET, en-AU: AEDT, en-IN: IST). Elsewhere each gives "GMT+9"-style offsets, which stay the
 * answer when no locale has a name.
 */
const ZONE_NAME_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'] as const;
const OFFSET_STYLE = /^(GMT|UTC)[+-]/;

function zoneNamer(timeZone: string): (instant: Date) => string {
  const formatters = ZONE_NAME_LOCALES.map(
    (locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
  );
  return (instant) => {
    let fallback = '';
    for (const formatter of formatters) {
      const name = formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
      if (name !== '' && !OFFSET_STYLE.test(name)) return name;
      if (fallback === '') fallback = name;
    }
    return fallback;
  };
}

function partsByType(formatter: Intl.DateTimeFormat, instant: Date): Map<string, string> {
  return new Map(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
}

/**
 * `YYYY-MM-DD HH:MM:SS ZONE` in `timeZone`. Throws RangeError for a zone the runtime does not
 * know; agent zones are validated when the config loads.
 */
export function messageTimeFormatter(timeZone: string): (instant: Date) => string {
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const zoneName = zoneNamer(timeZone);
  return (instant) => {
    const part = partsByType(fields, instant);
    const date = `${part.get('year')}-${part.get('month')}-${part.get('day')}`;
    const time = `${part.get('hour')}:${part.get('minute')}:${part.get('second')}`;
    return `${date} ${time} ${zoneName(instant)}`;
  };
}

/** `Weekday, Month D, YYYY at H:MM AM ZONE` in `timeZone`, for the prompt's current time. */
export function formatLongLocalTime(instant: Date, timeZone: string): string {
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const part = partsByType(fields, instant);
  const date = `${part.get('weekday')}, ${part.get('month')} ${part.get('day')}, ${part.get('year')}`;
  const time = `${part.get('hour')}:${part.get('minute')} ${part.get('dayPeriod')}`;
  return `${date} at ${time} ${zoneNamer(timeZone)(instant)}`;
}
