import type { QueryPhrase, QueryTerm, RecallQuery } from './query';
import type { TermStats } from './term-stats';
import { type AnalyzedText, analyzeText, stemOf } from './text';

/**
 * One lexical score for every candidate, whatever its source: BM25 over the query words, each
 * weighted by how new the text it came from is and whether it is a name, with a word counting in
 * full as written, nearly in full by its stem, and in part as the start of a longer word (German
 * compounds, "Geburtstag" in "Geburtstagsfeier"); plus a bonus when words the question has side by
 * side stand close together. It ranks candidates across sources on one scale, and its coverage
 * (how much of the query a candidate matches) keeps out what only shares a minor word.
 */

export interface LexicalScore {
  score: number;
  /** The share of the query's weight the text matches, 0–1. */
  coverage: number;
}

const K1 = 1.2;
const B = 0.5;
/** A chat message's usual length in words, BM25's average document length here. */
const AVERAGE_WORDS = 16;
const STEM_CREDIT = 0.85;
const PREFIX_CREDIT = 0.6;
/** The shortest word that finds longer words it starts. */
const PREFIX_MIN_LENGTH = 5;
const EXACT_PHRASE_BONUS = 0.6;
const NEAR_BONUS = 0.3;
/** Words this many positions apart or nearer are near. */
const NEAR_WINDOW = 3;

function termCredit(term: QueryTerm, text: AnalyzedText): number {
  if (text.folded.has(term.folded)) return 1;
  if (text.stems.has(term.stem)) return STEM_CREDIT;
  if ([...term.folded].length >= PREFIX_MIN_LENGTH) {
    for (const word of text.folded)
      if (word.length > term.folded.length && word.startsWith(term.folded)) return PREFIX_CREDIT;
  }
  return 0;
}

function positions(sequence: readonly string[], word: string): number[] {
  const found: number[] = [];
  sequence.forEach((candidate, index) => {
    if (candidate === word) found.push(index);
  });
  return found;
}

/**
 * How close the phrase's words (any of their forms) stand in the text: 1 in order side by side, a
 * smaller share (NEAR_BONUS of EXACT_PHRASE_BONUS) all within NEAR_WINDOW words of the first, else 0.
 */
function phraseCloseness(phrase: QueryPhrase, text: AnalyzedText): number {
  const [head, ...tail] = phrase.words.map(stemOf);
  const first = positions(text.stemSequence, head!);
  if (first.length === 0) return 0;
  const rest = tail.map((stem) => positions(text.stemSequence, stem));
  if (rest.some((found) => found.length === 0)) return 0;
  const inOrder = first.some((start) => rest.every((found, offset) => found.includes(start + offset + 1)));
  if (inOrder) return 1;
  const near = first.some((start) =>
    rest.every((found) => found.some((at) => Math.abs(at - start) <= NEAR_WINDOW)),
  );
  return near ? NEAR_BONUS / EXACT_PHRASE_BONUS : 0;
}

/** A scorer for one query: the query's weights are worked out once, then each text is scored. */
export function lexicalScorer(query: RecallQuery, stats: TermStats): (text: string) => LexicalScore {
  const weighted = query.terms.map((term) => ({ term, mass: term.weight * stats.idf(term) }));
  // What coverage is a share of: the words the archive has. A word no message has (a typo, a word
  // only a note uses) would lower every message's coverage alike and say nothing.
  const findable = weighted.filter((entry) => stats.present(entry.term));
  const total = (findable.length > 0 ? findable : weighted).reduce((sum, entry) => sum + entry.mass, 0);
  const idfByWord = new Map(weighted.map((entry) => [entry.term.folded, stats.idf(entry.term)]));
  return (raw) => {
    if (total === 0) return { score: 0, coverage: 0 };
    const text = analyzeText(raw);
    const norm = (K1 + 1) / (1 + K1 * (1 - B + (B * text.length) / AVERAGE_WORDS));
    let matched = 0;
    for (const { term, mass } of weighted) matched += mass * termCredit(term, text);
    let bonus = 0;
    for (const phrase of query.phrases) {
      const closeness = phraseCloseness(phrase, text);
      if (closeness === 0) continue;
      const idf = Math.min(...phrase.words.map((word) => idfByWord.get(word) ?? 1));
      bonus += closeness * EXACT_PHRASE_BONUS * phrase.weight * idf * phrase.words.length;
    }
    return { score: (matched + bonus) * norm, coverage: Math.min(1, matched / total) };
  };
}
