import { MONTH_NUMBER, WEEKDAY_NUMBER } from './date-words';
import { findDateMentions, type Period } from './dates';
import { foldText, isStopword, type Word, wordsOf } from './text';

/**
 * What a recall searches for, read from the texts of the turn: the new inbound messages weigh
 * most, the turns before them less. Function and question words are dropped (a short question
 * about a long history keeps only the words that can find something), names weigh more than other
 * words, @usernames become phrases, and dates become periods of send time instead of words.
 */

/** A word to search for. */
export interface QueryTerm {
  /** Lower case as written: the FTS5 tokenizer folds it the way it folded the archive. */
  text: string;
  folded: string;
  stem: string;
  weight: number;
  /** A name: capitalised inside a sentence, all capitals, or an @username. */
  name: boolean;
}

/** Words that belong together: a name of several words, an @username's parts, or neighbours in the query. */
export interface QueryPhrase {
  /** Folded words in order. */
  words: string[];
  weight: number;
  /** A name or username: matched as an FTS5 phrase too, not only as neighbours. */
  exact: boolean;
}

export interface RecallQuery {
  terms: QueryTerm[];
  phrases: QueryPhrase[];
  /** Send-time periods the newest text names ("on March 3", "last week"). */
  periods: Period[];
}

export interface QueryOptions {
  now: Date;
  timeZone: string;
}

/** How much each older text weighs against the next newer one, and the least it weighs. */
const OLDER_TEXT_FACTOR = 0.6;
const OLDEST_TEXT_WEIGHT = 0.25;
const NAME_FACTOR = 1.5;
const SENTENCE_START_NAME_FACTOR = 1.2;
/**
 * A month or weekday that names a date is searched as a word too, at this weight: "the trip in
 * October" was likely planned in a message saying "October", sent weeks before.
 */
const DATE_WORD_FACTOR = 0.5;
/** Small numbers ("3 kids") say little on their own. */
const SHORT_NUMBER_FACTOR = 0.3;
/** More words than this make the search slower, not better. */
const MAX_TERMS = 24;
/** Query words this far apart or nearer make a neighbour pair. */
const NEIGHBOUR_GAP = 2;

const USERNAME = /@([\p{L}\p{N}_]{3,})/gu;
const UPPER_START = /^\p{Lu}/u;
const ALL_CAPS = /^\p{Lu}{2,}$/u;
const DIGITS = /^\p{N}+$/u;
const SENTENCE_END = /[.!?…:\n]\s*$/u;

function isSentenceStart(text: string, word: Word): boolean {
  return (
    word.start === 0 ||
    SENTENCE_END.test(text.slice(0, word.start)) ||
    /^\s*$/.test(text.slice(0, word.start))
  );
}

function nameFactor(text: string, word: Word): { name: boolean; factor: number } {
  if (ALL_CAPS.test(word.written)) return { name: true, factor: NAME_FACTOR };
  if (!UPPER_START.test(word.written)) return { name: false, factor: 1 };
  return isSentenceStart(text, word)
    ? { name: false, factor: SENTENCE_START_NAME_FACTOR }
    : { name: true, factor: NAME_FACTOR };
}

function keep(word: Word): boolean {
  if (isStopword(word.folded)) return false;
  if (DIGITS.test(word.folded)) return true;
  return [...word.folded].length >= 2;
}

interface TextTerms {
  terms: QueryTerm[];
  phrases: QueryPhrase[];
  periods: Period[];
}

function readText(text: string, weight: number, options: QueryOptions): TextTerms {
  const words = wordsOf(text);
  const dates = findDateMentions(text, words, options.now, options.timeZone);
  const terms: QueryTerm[] = [];
  const phrases: QueryPhrase[] = [];
  const kept: { word: Word; term: QueryTerm }[] = [];
  for (const word of words) {
    if (!keep(word)) continue;
    const dateWord = dates.words.has(word.index);
    if (dateWord && !MONTH_NUMBER.has(word.folded) && !WEEKDAY_NUMBER.has(word.folded)) continue;
    const { name, factor } = dateWord ? { name: false, factor: DATE_WORD_FACTOR } : nameFactor(text, word);
    const short = DIGITS.test(word.folded) && word.folded.length <= 2;
    const term: QueryTerm = {
      text: word.written.toLowerCase(),
      folded: word.folded,
      stem: word.stem,
      weight: weight * factor * (short ? SHORT_NUMBER_FACTOR : 1),
      name,
    };
    terms.push(term);
    kept.push({ word, term });
  }
  // Neighbours in the question ("harbour festival") and names of several words ("New York").
  for (let index = 1; index < kept.length; index++) {
    const previous = kept[index - 1]!;
    const current = kept[index]!;
    if (current.word.index - previous.word.index > NEIGHBOUR_GAP) continue;
    const exact = previous.term.name && current.term.name && current.word.index === previous.word.index + 1;
    phrases.push({
      words: [previous.term.folded, current.term.folded],
      weight: Math.min(previous.term.weight, current.term.weight),
      exact,
    });
  }
  for (const match of text.matchAll(USERNAME)) {
    const parts = match[1]!.split('_').filter((part) => part !== '');
    const folded = parts.map(foldText);
    const username = wordsOf(match[1]!);
    for (const part of username) {
      const existing = terms.find((term) => term.folded === part.folded);
      if (existing) existing.name = true;
    }
    if (folded.length > 1) phrases.push({ words: folded, weight: weight * NAME_FACTOR, exact: true });
  }
  return { terms, phrases, periods: dates.periods };
}

/** Terms met in several texts keep their highest weight; names stay names. */
function mergeTerms(terms: readonly QueryTerm[]): QueryTerm[] {
  const byWord = new Map<string, QueryTerm>();
  for (const term of terms) {
    const known = byWord.get(term.folded);
    if (!known) {
      byWord.set(term.folded, { ...term });
      continue;
    }
    known.weight = Math.max(known.weight, term.weight);
    known.name ||= term.name;
  }
  return [...byWord.values()].sort((a, b) => b.weight - a.weight).slice(0, MAX_TERMS);
}

/**
 * The query of `texts` (oldest first; the last is the newest). Periods come from the newest text
 * only: a date an older turn named ("yesterday was fun") is most often not what is asked now.
 */
export function buildRecallQuery(texts: readonly string[], options: QueryOptions): RecallQuery {
  const read = texts.map((text, index) =>
    readText(text, Math.max(OLDEST_TEXT_WEIGHT, OLDER_TEXT_FACTOR ** (texts.length - 1 - index)), options),
  );
  const terms = mergeTerms(read.flatMap((text) => text.terms));
  const known = new Set(terms.map((term) => term.folded));
  const phrases = read
    .flatMap((text) => text.phrases)
    .filter((phrase) => phrase.exact || phrase.words.every((word) => known.has(word)));
  const periods = read.at(-1)?.periods ?? [];
  return { terms, phrases, periods };
}
