/**
 * The words people date things with, in the languages of the stopword lists, folded as query
 * words are (lower case, no diacritics: "März" is "marz", "май" is "маи"). Each list is a regular
 * expression alternation; `dates.ts` reads a query against them.
 */

/** Month names and the usual abbreviations, index 0 = January. */
const MONTHS: readonly string[][] = [
  [
    'january',
    'jan',
    'januar',
    'janner',
    'janvier',
    'enero',
    'gennaio',
    'janeiro',
    'januari',
    'январь',
    'января',
  ],
  [
    'february',
    'feb',
    'februar',
    'fevrier',
    'febrero',
    'febbraio',
    'fevereiro',
    'februari',
    'февраль',
    'февраля',
  ],
  ['march', 'mar', 'marz', 'mars', 'marzo', 'marco', 'maart', 'март', 'марта'],
  ['april', 'apr', 'avril', 'abril', 'aprile', 'апрель', 'апреля'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei', 'маи', 'мая'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'junho', 'июнь', 'июня'],
  ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio', 'julho', 'июль', 'июля'],
  ['august', 'aug', 'aout', 'agosto', 'augustus', 'август', 'августа'],
  [
    'september',
    'sep',
    'sept',
    'septembre',
    'septiembre',
    'setiembre',
    'settembre',
    'setembro',
    'сентябрь',
    'сентября',
  ],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'outubro', 'октябрь', 'октября'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'ноябрь', 'ноября'],
  [
    'december',
    'dec',
    'dezember',
    'dez',
    'decembre',
    'diciembre',
    'dicembre',
    'dezembro',
    'декабрь',
    'декабря',
  ],
];

/**
 * Month words that are also ordinary words or names ("may", "mar" the sea, "august"): they date
 * a query only next to a day or a year, or after "in", "last" and the like.
 */
export const AMBIGUOUS_MONTH_WORDS: ReadonlySet<string> = new Set([
  'may',
  'mar',
  'jan',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
  'dez',
  'okt',
  'august',
  'julio',
  'marco',
  'mai',
]);

/** Weekday names, index 0 = Sunday. */
const WEEKDAYS: readonly string[][] = [
  ['sunday', 'sonntag', 'dimanche', 'domingo', 'domenica', 'zondag', 'воскресенье'],
  ['monday', 'montag', 'lundi', 'lunes', 'lunedi', 'segunda', 'maandag', 'понедельник'],
  ['tuesday', 'dienstag', 'mardi', 'martes', 'martedi', 'terca', 'dinsdag', 'вторник'],
  ['wednesday', 'mittwoch', 'mercredi', 'miercoles', 'mercoledi', 'quarta', 'woensdag', 'среда', 'среду'],
  ['thursday', 'donnerstag', 'jeudi', 'jueves', 'giovedi', 'quinta', 'donderdag', 'четверг'],
  ['friday', 'freitag', 'vendredi', 'viernes', 'venerdi', 'sexta', 'vrijdag', 'пятница', 'пятницу'],
  ['saturday', 'samstag', 'sonnabend', 'samedi', 'sabado', 'sabato', 'zaterdag', 'суббота', 'субботу'],
];

function lookup(table: readonly string[][]): Map<string, number> {
  const map = new Map<string, number>();
  table.forEach((words, index) => {
    for (const word of words) map.set(word, index);
  });
  return map;
}

/** Month word → month number 1–12. */
export const MONTH_NUMBER: ReadonlyMap<string, number> = new Map(
  [...lookup(MONTHS)].map(([word, index]) => [word, index + 1]),
);
/** Weekday word → 0 (Sunday) – 6. */
export const WEEKDAY_NUMBER: ReadonlyMap<string, number> = lookup(WEEKDAYS);

const alternation = (words: Iterable<string>) =>
  [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).join('|');

export const MONTH_PATTERN = alternation(MONTH_NUMBER.keys());
export const WEEKDAY_PATTERN = alternation(WEEKDAY_NUMBER.keys());

/** Days back from today, by word. */
export const DAY_WORDS: ReadonlyMap<string, number> = new Map([
  ['today', 0],
  ['tonight', 0],
  ['heute', 0],
  ['aujourd hui', 0],
  ['hoy', 0],
  ['oggi', 0],
  ['hoje', 0],
  ['vandaag', 0],
  ['сегодня', 0],
  ['yesterday', 1],
  ['gestern', 1],
  ['hier', 1],
  ['ayer', 1],
  ['ieri', 1],
  ['ontem', 1],
  ['gisteren', 1],
  ['вчера', 1],
  ['day before yesterday', 2],
  ['vorgestern', 2],
  ['avant hier', 2],
  ['anteayer', 2],
  ['l altro ieri', 2],
  ['altroieri', 2],
  ['anteontem', 2],
  ['eergisteren', 2],
  ['позавчера', 2],
]);
export const DAY_PATTERN = alternation(DAY_WORDS.keys());

/** Parts of a day, as local hours [from, to); `to` past 24 runs into the next day. */
export const DAY_PARTS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['morning', [5, 12]],
  ['afternoon', [12, 18]],
  ['evening', [17, 23]],
  ['night', [20, 28]],
  ['morgen', [5, 12]],
  ['vormittag', [8, 12]],
  ['nachmittag', [12, 18]],
  ['abend', [17, 23]],
  ['nacht', [20, 28]],
  ['matin', [5, 12]],
  ['soir', [17, 23]],
  ['manana', [5, 12]],
  ['tarde', [12, 20]],
  ['noche', [20, 28]],
  ['mattina', [5, 12]],
  ['pomeriggio', [12, 18]],
  ['sera', [17, 23]],
  ['утром', [5, 12]],
  ['днем', [12, 18]],
  ['вечером', [17, 23]],
  ['ночью', [20, 28]],
]);
export const DAY_PART_PATTERN = alternation(DAY_PARTS.keys());

/** Words that make a month or weekday a date ("in May", "last Tuesday", "el martes pasado"). */
export const DATE_LEAD_PATTERN =
  'in|on|last|this|past|previous|since|during|early|late|mid|of|im|am|letzten|letzter|letztes|diesen|dieser|' +
  'en|el|le|la|il|de|del|em|no|na|op|vorige|в|во|прошлом|прошлыи|прошлую|этом';
/** Words after a month or weekday that date it ("martes pasado", "mardi dernier"). */
export const DATE_TAIL_PATTERN = 'pasado|pasada|dernier|derniere|scorso|scorsa|passado|passada|feira';

type Unit = 'week' | 'month' | 'year' | 'weekend';

/** A period back from now ("last week"), by unit: folded phrases, several languages. */
export const LAST_UNIT_PHRASES: readonly (readonly [string, Unit])[] = [
  ['(?:last|past|previous) weekend|letztes wochenende|el fin de semana pasado', 'weekend'],
  [
    '(?:last|past|previous) week|letzte(?:n)? woche|la semana pasada|la semaine derniere|la settimana scorsa|' +
      'na semana passada|vorige week|на прошлои неделе',
    'week',
  ],
  [
    '(?:last|past|previous) month|letzte(?:n)? monat|el mes pasado|le mois dernier|il mese scorso|' +
      'no mes passado|vorige maand|в прошлом месяце',
    'month',
  ],
  [
    '(?:last|past|previous) year|letztes jahr|el ano pasado|l annee derniere|l anno scorso|no ano passado|' +
      'vorig jaar|в прошлом году',
    'year',
  ],
];

/** The current period ("this week"), by unit. */
export const THIS_UNIT_PHRASES: readonly (readonly [string, Unit])[] = [
  ['this weekend|dieses wochenende|este fin de semana', 'weekend'],
  ['this week|diese woche|esta semana|cette semaine|questa settimana|на этои неделе', 'week'],
  ['this month|diesen monat|este mes|ce mois|questo mese|в этом месяце', 'month'],
  ['this year|dieses jahr|este ano|cette annee|quest anno|в этом году', 'year'],
];

/** Number words up to twelve, for "three weeks ago", "vor zwei Tagen", "hace dos días". */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['a', 1],
  ['an', 1],
  ['one', 1],
  ['couple of', 2],
  ['a couple of', 2],
  ['few', 3],
  ['a few', 3],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['einem', 1],
  ['einer', 1],
  ['zwei', 2],
  ['drei', 3],
  ['vier', 4],
  ['un', 1],
  ['una', 1],
  ['une', 1],
  ['dos', 2],
  ['deux', 2],
  ['tres', 3],
  ['trois', 3],
]);

/** Unit words of "… ago" phrases → unit. */
export const AGO_UNITS: ReadonlyMap<string, 'day' | 'week' | 'month' | 'year'> = new Map([
  ...['day', 'days', 'tag', 'tagen', 'dia', 'dias', 'jour', 'jours'].map((word) => [word, 'day'] as const),
  ...['week', 'weeks', 'woche', 'wochen', 'semana', 'semanas', 'semaine', 'semaines'].map(
    (word) => [word, 'week'] as const,
  ),
  ...['month', 'months', 'monat', 'monaten', 'mes', 'meses', 'mois'].map((word) => [word, 'month'] as const),
  ...['year', 'years', 'jahr', 'jahren', 'ano', 'anos', 'an', 'ans'].map((word) => [word, 'year'] as const),
]);
export const AGO_UNIT_PATTERN = alternation(AGO_UNITS.keys());
export const NUMBER_WORD_PATTERN = alternation(NUMBER_WORDS.keys());
