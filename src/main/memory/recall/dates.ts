import {
  addDays,
  addMonths,
  compareDates,
  isValidDate,
  type LocalDate,
  type LocalDateTime,
  localDateTime,
  zonedInstant,
} from '../../clock';
import {
  AGO_UNIT_PATTERN,
  AGO_UNITS,
  AMBIGUOUS_MONTH_WORDS,
  DATE_LEAD_PATTERN,
  DATE_TAIL_PATTERN,
  DAY_PART_PATTERN,
  DAY_PARTS,
  DAY_PATTERN,
  DAY_WORDS,
  LAST_UNIT_PHRASES,
  MONTH_NUMBER,
  MONTH_PATTERN,
  NUMBER_WORD_PATTERN,
  NUMBER_WORDS,
  THIS_UNIT_PHRASES,
  WEEKDAY_NUMBER,
  WEEKDAY_PATTERN,
} from './date-words';
import type { Word } from './text';

/**
 * The dates a question names, as periods of send time: "what did we do on March 3", "last
 * Tuesday", "in 2024", "two weeks ago", "yesterday evening", "am 3. März", "el martes pasado".
 * Messages are then matched by when they were sent, not only by their words: people rarely write
 * the date into what they say that day. Dates without a year are the latest such date up to
 * today; a time of day ("at 3pm") narrows a single day to the hours around it.
 */

/** A span of send time: `from` inclusive, `to` exclusive. */
export interface Period {
  from: Date;
  to: Date;
}

export interface DateMentions {
  /** The periods the text names, earliest first, overlapping ones merged. */
  periods: Period[];
  /** Indexes of the words that named them: they are no search words. */
  words: Set<number>;
}

interface Context {
  readonly today: LocalDateTime;
  now: Date;
  timeZone: string;
}

type Mention =
  | { kind: 'day'; date: LocalDate; hours?: readonly [number, number] | undefined }
  | { kind: 'periods'; periods: Period[] }
  | { kind: 'time'; hour: number; minute: number };

const bounded = (pattern: string) => new RegExp(`(?<![^ ])(?:${pattern})(?![^ ])`, 'gu');
const ORDINAL = '(?:st|nd|rd|th|er|e|o|a|го)?';

function dayPeriod(date: LocalDate, context: Context, hours: readonly [number, number] = [0, 24]): Period {
  const from = zonedInstant(addDays(date, Math.floor(hours[0] / 24)), context.timeZone, hours[0] % 24);
  const to = zonedInstant(addDays(date, Math.floor(hours[1] / 24)), context.timeZone, hours[1] % 24);
  return { from, to };
}

function daysPeriod(first: LocalDate, days: number, context: Context): Period {
  return {
    from: zonedInstant(first, context.timeZone),
    to: zonedInstant(addDays(first, days), context.timeZone),
  };
}

function monthPeriod(year: number, month: number, context: Context): Period {
  const first = { year, month, day: 1 };
  return {
    from: zonedInstant(first, context.timeZone),
    to: zonedInstant(addMonths(first, 1), context.timeZone),
  };
}

function yearPeriod(year: number, context: Context): Period {
  return {
    from: zonedInstant({ year, month: 1, day: 1 }, context.timeZone),
    to: zonedInstant({ year: year + 1, month: 1, day: 1 }, context.timeZone),
  };
}

/** "March 3" without a year: the latest March 3 up to today. */
function latestDate(month: number, day: number, year: number | null, context: Context): LocalDate | null {
  if (year !== null) {
    const date = { year, month, day };
    return isValidDate(date) ? date : null;
  }
  for (const candidate of [context.today.year, context.today.year - 1, context.today.year - 4]) {
    const date = { year: candidate, month, day };
    if (isValidDate(date) && compareDates(date, context.today) <= 0) return date;
  }
  return null;
}

function fullYear(text: string | undefined): number | null {
  if (text === undefined) return null;
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

function dayMention(month: number, day: number, year: number | null, context: Context): Mention | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = latestDate(month, day, year, context);
  return date ? { kind: 'day', date } : null;
}

/** The latest `weekday` before today (a week ago when today is that day), or today for "this". */
function weekdayDate(weekday: number, lead: string | undefined, context: Context): LocalDate {
  const back = (context.today.weekday - weekday + 7) % 7;
  return addDays(context.today, back === 0 && lead !== 'this' ? -7 : -back);
}

function unitPeriods(unit: 'week' | 'month' | 'year' | 'weekend', last: boolean, context: Context): Period[] {
  const { today } = context;
  const tomorrow = addDays(today, 1);
  const endOfToday = zonedInstant(tomorrow, context.timeZone);
  switch (unit) {
    case 'weekend': {
      const saturday = addDays(today, -((today.weekday - 6 + 7) % 7) - (last && today.weekday === 6 ? 7 : 0));
      return [daysPeriod(saturday, 2, context)];
    }
    case 'week': {
      const monday = addDays(today, -((today.weekday + 6) % 7));
      return last
        ? [
            {
              from: zonedInstant(addDays(monday, -7), context.timeZone),
              to: zonedInstant(today, context.timeZone),
            },
          ]
        : [{ from: zonedInstant(monday, context.timeZone), to: endOfToday }];
    }
    case 'month': {
      if (!last) return [{ from: zonedInstant({ ...today, day: 1 }, context.timeZone), to: endOfToday }];
      const previous = addMonths(today, -1);
      const thirtyDaysAgo = zonedInstant(addDays(today, -30), context.timeZone);
      return [monthPeriod(previous.year, previous.month, context), { from: thirtyDaysAgo, to: endOfToday }];
    }
    case 'year':
      return last
        ? [yearPeriod(today.year - 1, context)]
        : [{ from: zonedInstant({ year: today.year, month: 1, day: 1 }, context.timeZone), to: endOfToday }];
    default: {
      const unknown: never = unit;
      throw new Error(`Unknown unit ${String(unknown)}`);
    }
  }
}

const AGO_DAYS = { day: 1, week: 7, month: 30.4, year: 365.25 } as const;
/** How wide around "N units ago" a message may be: people round. */
const AGO_SLACK_DAYS = { day: 1, week: 4, month: 16, year: 183 } as const;

function agoPeriod(count: number, unit: 'day' | 'week' | 'month' | 'year', context: Context): Period {
  const center = addDays(context.today, -Math.round(count * AGO_DAYS[unit]));
  const slack = AGO_SLACK_DAYS[unit];
  return daysPeriod(addDays(center, -slack), 2 * slack + 1, context);
}

function countOf(text: string): number {
  return NUMBER_WORDS.get(text) ?? Number(text);
}

interface Rule {
  pattern: RegExp;
  read(groups: string[], context: Context): Mention | null;
}

/** Rules over the folded words joined by single spaces, most specific first. */
const WORD_RULES: Rule[] = [
  {
    // 3rd of March 2024, 3. März, 3 de marzo de 2024, 3 марта
    pattern: bounded(
      `(\\d{1,2})${ORDINAL} (?:of |de |di |du )?(${MONTH_PATTERN})(?: (?:de |del )?(\\d{4}))?`,
    ),
    read: ([day, month, year], context) =>
      dayMention(MONTH_NUMBER.get(month!)!, Number(day), fullYear(year), context),
  },
  {
    // March 3rd, 2024; March the 3rd
    pattern: bounded(`(${MONTH_PATTERN}) (?:the )?(\\d{1,2})${ORDINAL}(?: (\\d{4}))?`),
    read: ([month, day, year], context) =>
      dayMention(MONTH_NUMBER.get(month!)!, Number(day), fullYear(year), context),
  },
  {
    // March 2024, marzo de 2024
    pattern: bounded(`(${MONTH_PATTERN}) (?:de |del )?(\\d{4})`),
    read: ([month, year], context) => ({
      kind: 'periods',
      periods: [monthPeriod(Number(year), MONTH_NUMBER.get(month!)!, context)],
    }),
  },
  {
    // in March, last May (a bare "may" is a verb)
    pattern: bounded(`(?:(${DATE_LEAD_PATTERN}) )?(${MONTH_PATTERN})`),
    read: ([lead, month], context) => {
      if (lead === undefined && AMBIGUOUS_MONTH_WORDS.has(month!)) return null;
      const number = MONTH_NUMBER.get(month!)!;
      const { today } = context;
      const year = number <= today.month ? today.year : today.year - 1;
      return { kind: 'periods', periods: [monthPeriod(year, number, context)] };
    },
  },
  {
    // yesterday evening, the day before yesterday, heute Morgen
    pattern: bounded(
      `(?:the )?(${DAY_PATTERN})(?: (?:in the |at |am |por la |a la )?(${DAY_PART_PATTERN}))?`,
    ),
    read: ([day, part], context) => ({
      kind: 'day',
      date: addDays(context.today, -DAY_WORDS.get(day!)!),
      hours:
        part === undefined ? (day === 'tonight' ? DAY_PARTS.get('night') : undefined) : DAY_PARTS.get(part),
    }),
  },
  {
    // this morning, last night
    pattern: bounded(`(this|last) (${DAY_PART_PATTERN})`),
    read: ([which, part], context) => ({
      kind: 'day',
      date: addDays(context.today, which === 'last' && part === 'night' ? -1 : 0),
      hours: DAY_PARTS.get(part!),
    }),
  },
  {
    // last Tuesday, on Friday evening, el martes pasado; "next Friday" is no past date
    pattern: bounded(
      `(?:(next|nachsten|proximo|prochain|prossimo|(?:${DATE_LEAD_PATTERN})) )?(${WEEKDAY_PATTERN})(?: (?:${DATE_TAIL_PATTERN}))?(?: (${DAY_PART_PATTERN}))?`,
    ),
    read: ([lead, weekday, part], context) => {
      if (lead !== undefined && /^(next|nachsten|proximo|prochain|prossimo)$/.test(lead)) return null;
      const date = weekdayDate(WEEKDAY_NUMBER.get(weekday!)!, lead, context);
      const hours = part === undefined ? undefined : DAY_PARTS.get(part);
      if (lead !== 'last') return { kind: 'day', date, hours };
      // "Last Tuesday" is the latest Tuesday to some, the one of last week to others.
      return {
        kind: 'periods',
        periods: [dayPeriod(addDays(date, -7), context, hours), dayPeriod(date, context, hours)],
      };
    },
  },
  ...LAST_UNIT_PHRASES.map(
    ([phrase, unit]): Rule => ({
      pattern: bounded(phrase),
      read: (_groups, context) => ({ kind: 'periods', periods: unitPeriods(unit, true, context) }),
    }),
  ),
  ...THIS_UNIT_PHRASES.map(
    ([phrase, unit]): Rule => ({
      pattern: bounded(phrase),
      read: (_groups, context) => ({ kind: 'periods', periods: unitPeriods(unit, false, context) }),
    }),
  ),
  {
    // two weeks ago, vor drei Tagen, hace dos meses, il y a un an
    pattern: bounded(
      `(?:(\\d{1,3}|${NUMBER_WORD_PATTERN}) (${AGO_UNIT_PATTERN}) ago|(?:vor|hace|il y a) (\\d{1,3}|${NUMBER_WORD_PATTERN}) (${AGO_UNIT_PATTERN}))`,
    ),
    read: ([count, unit, otherCount, otherUnit], context) => ({
      kind: 'periods',
      periods: [agoPeriod(countOf((count ?? otherCount)!), AGO_UNITS.get((unit ?? otherUnit)!)!, context)],
    }),
  },
  {
    // in 2024, im Jahr 2024, en 2024, в 2024 году
    pattern: bounded('(?:in|im|en|since|during|year|jahr|ano|del|de|в|во) (\\d{4})(?: году| год)?'),
    read: ([year], context) => {
      const number = Number(year);
      if (number < 1990 || number > context.today.year + 1) return null;
      return { kind: 'periods', periods: [yearPeriod(number, context)] };
    },
  },
];

const DIGIT = /\d/u;

/** Rules over the text as written: numeric dates and times need their punctuation. */
const WRITTEN_RULES: Rule[] = [
  {
    pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/gu,
    read: ([year, month, day], context) => dayMention(Number(month), Number(day), Number(year), context),
  },
  {
    pattern: /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\b/gu,
    read: ([day, month, year], context) => dayMention(Number(month), Number(day), fullYear(year), context),
  },
  {
    // 3/14/2024 in the American order, unless the first number cannot be a month
    pattern: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/gu,
    read: ([first, second, year], context) =>
      Number(first) > 12
        ? dayMention(Number(second), Number(first), fullYear(year), context)
        : dayMention(Number(first), Number(second), fullYear(year), context),
  },
  {
    pattern: /\b(\d{4})-(\d{2})\b(?![-\d])/gu,
    read: ([year, month], context) =>
      Number(month) >= 1 && Number(month) <= 12
        ? { kind: 'periods', periods: [monthPeriod(Number(year), Number(month), context)] }
        : null,
  },
  {
    pattern: /\b(\d{1,2})\.(\d{1,2})\.(?!\d)/gu,
    read: ([day, month], context) => dayMention(Number(month), Number(day), null, context),
  },
  {
    pattern: /\b(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\.?(?![\p{L}])/giu,
    read: ([hour, minute, half]) => {
      const h = (Number(hour) % 12) + (half!.toLowerCase() === 'p' ? 12 : 0);
      return Number(hour) > 12 ? null : { kind: 'time', hour: h, minute: Number(minute ?? 0) };
    },
  },
  {
    pattern: /\b(\d{1,2}):(\d{2})\b/gu,
    read: ([hour, minute]) =>
      Number(hour) < 24 && Number(minute) < 60
        ? { kind: 'time', hour: Number(hour), minute: Number(minute) }
        : null,
  },
];

/** Runs the rules over a text, each match claiming its words; words claimed once are not read again. */
function applyRules(
  rules: readonly Rule[],
  text: string,
  wordAt: (start: number, end: number) => number[],
  context: Context,
  claimed: Set<number>,
): Mention[] {
  const mentions: Mention[] = [];
  for (const { pattern, read } of rules) {
    // exec on the rule's own (global) pattern: matchAll would copy it for every text of every turn.
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      // As matchAll does, an empty match moves on a whole character (the patterns are Unicode).
      if (match[0] === '') pattern.lastIndex += (text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1;
      const indexes = wordAt(match.index, match.index + match[0].length);
      if (indexes.length === 0 || indexes.some((index) => claimed.has(index))) continue;
      const mention = read(match.slice(1) as string[], context);
      if (mention === null) continue;
      mentions.push(mention);
      for (const index of indexes) claimed.add(index);
    }
  }
  return mentions;
}

/** How far around a named time of day ("at 3pm") a message counts as then. */
const TIME_SLACK_MINUTES = 90;

function toPeriods(mentions: readonly Mention[], context: Context): Period[] {
  const days = mentions.filter((mention) => mention.kind === 'day');
  const time = mentions.find((mention) => mention.kind === 'time');
  const periods: Period[] = [];
  for (const mention of mentions) {
    if (mention.kind === 'periods') periods.push(...mention.periods);
    if (mention.kind !== 'day') continue;
    if (time && days.length === 1 && mention.hours === undefined) {
      const at = zonedInstant(mention.date, context.timeZone, time.hour, time.minute).getTime();
      const slack = TIME_SLACK_MINUTES * 60_000;
      periods.push({ from: new Date(at - slack), to: new Date(at + slack) });
    } else {
      periods.push(dayPeriod(mention.date, context, mention.hours));
    }
  }
  return mergePeriods(periods);
}

/** Periods sorted by start, overlapping or touching ones merged. */
export function mergePeriods(periods: readonly Period[]): Period[] {
  const sorted = [...periods].sort((a, b) => a.from.getTime() - b.from.getTime());
  const merged: Period[] = [];
  for (const period of sorted) {
    const last = merged.at(-1);
    if (last && period.from.getTime() <= last.to.getTime()) {
      if (period.to.getTime() > last.to.getTime()) last.to = period.to;
    } else {
      merged.push({ from: period.from, to: period.to });
    }
  }
  return merged;
}

/**
 * The dates `text` names, as of `now` in `timeZone`. `words` are the text's words (`wordsOf`);
 * the result says which of them named a date.
 */
export function findDateMentions(
  text: string,
  words: readonly Word[],
  now: Date,
  timeZone: string,
): DateMentions {
  let today: LocalDateTime | undefined;
  // Most texts name no date: the local date is read only when a rule matched.
  const context: Context = {
    get today() {
      today ??= localDateTime(now, timeZone);
      return today;
    },
    now,
    timeZone,
  };
  const claimed = new Set<number>();
  const inWritten = (start: number, end: number) =>
    words.filter((word) => word.start >= start && word.start < end).map((word) => word.index);
  // Every written form has a digit; most texts have none.
  const written = DIGIT.test(text) ? applyRules(WRITTEN_RULES, text, inWritten, context, claimed) : [];

  const starts: number[] = [];
  let joined = '';
  for (const word of words) {
    if (joined !== '') joined += ' ';
    starts.push(joined.length);
    joined += word.folded;
  }
  const inJoined = (start: number, end: number) =>
    words.filter((_word, index) => starts[index]! >= start && starts[index]! < end).map((word) => word.index);
  const spoken = applyRules(WORD_RULES, joined, inJoined, context, claimed);
  return { periods: toPeriods([...written, ...spoken], context), words: claimed };
}
