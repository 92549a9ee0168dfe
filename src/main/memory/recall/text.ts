import { porterStem } from './porter-stemmer';
import { STOPWORD_LISTS } from './stopwords';

/**
 * Words as recall compares them in JavaScript, made the way the archive's FTS5 indexes make them
 * (unicode61 with diacritics removed; Porter stems): letters and digits form a word, anything else
 * separates words, case and diacritics do not count ("Zoë" is "zoe"), and two words are one when
 * their stems are.
 */

/** A word of a text: as written, folded, and its stem; `index` counts words from 0, `start` characters. */
export interface Word {
  written: string;
  folded: string;
  stem: string;
  index: number;
  start: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARKS = /\p{M}+/gu;

const ASCII = /^\p{ASCII}*$/u;

/** Lower case without diacritics: what the unicode61 tokenizer with remove_diacritics 2 indexes. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** Stems of words seen lately: a chat's vocabulary is small next to its messages. */
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;

/** A folded word's stem (English words only; others are their own stem). */
export function stemOf(folded: string): string {
  let stem = stems.get(folded);
  if (stem === undefined) {
    stem = porterStem(folded);
    if (stems.size >= STEMS_KEPT) stems.delete(stems.keys().next().value!);
    stems.set(folded, stem);
  }
  return stem;
}

/** The words of a text, in order. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const written = match[0];
    const folded = foldText(written);
    // A word whose marks were all it had left (a stray combining sign) is no word.
    if (folded === '') continue;
    words.push({ written, folded, stem: stemOf(folded), index: words.length, start: match.index });
  }
  return words;
}

const STOPWORDS: ReadonlySet<string> = new Set(
  STOPWORD_LISTS.flatMap((list) => list.split(/\s+/))
    .filter((word) => word !== '')
    .map(foldText),
);

/** Whether a folded word carries no meaning for a search (function, question and asking words). */
export function isStopword(folded: string): boolean {
  return STOPWORDS.has(folded);
}

/** What a candidate text offers the scorer: its folded words and their stems, as sets, and its length. */
export interface AnalyzedText {
  folded: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  /** Folded words in order, for proximity. */
  sequence: readonly string[];
  /** Stems in order, for proximity. */
  stemSequence: readonly string[];
  length: number;
}

/** Analyses of recent texts: the same summaries, notes and messages come back turn after turn. */
const analyzed = new Map<string, AnalyzedText>();
const ANALYZED_KEPT = 20_000;

/** A text's words, folded and stemmed; kept for the next turns that score the same text. */
export function analyzeText(text: string): AnalyzedText {
  const known = analyzed.get(text);
  if (known) return known;
  const words = wordsOf(text);
  const result: AnalyzedText = {
    folded: new Set(words.map((word) => word.folded)),
    stems: new Set(words.map((word) => word.stem)),
    sequence: words.map((word) => word.folded),
    stemSequence: words.map((word) => word.stem),
    length: words.length,
  };
  if (analyzed.size >= ANALYZED_KEPT) analyzed.delete(analyzed.keys().next().value!);
  analyzed.set(text, result);
  return result;
}
