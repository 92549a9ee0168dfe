import type { QueryTerm, RecallQuery } from '../query';
import { ftsPhrase, type TermStats } from '../term-stats';

/**
 * The words a full-text search looks for: the query's rarest (a common word is in most messages,
 * ranks none above another, and costs the whole index to find), OR'ed, names of several words and
 * @usernames as phrases besides, long words also as prefixes where the index keeps words as
 * written ("Geburtstag" finds "Geburtstagsfeier").
 */

/** The rarest words searched for; more make a search slower, not better. */
export const SEARCHED_TERMS = 12;
/** Words this long also find longer words they start. */
const PREFIX_LENGTH = 6;

/** The query's words worth a full-text search, the weightiest first. */
export function rareTerms(query: RecallQuery, stats: TermStats): QueryTerm[] {
  return query.terms
    .filter((term) => !stats.common(term))
    .sort((a, b) => b.weight * stats.idf(b) - a.weight * stats.idf(a))
    .slice(0, SEARCHED_TERMS);
}

/** The FTS5 expression of `terms` and the query's exact phrases; `prefixes` for an index of words as written. */
export function wordsExpression(terms: readonly QueryTerm[], query: RecallQuery, prefixes: boolean): string {
  const parts = terms.map((term) =>
    prefixes && [...term.text].length >= PREFIX_LENGTH ? `${ftsPhrase(term.text)}*` : ftsPhrase(term.text),
  );
  for (const phrase of query.phrases) if (phrase.exact) parts.push(ftsPhrase(phrase.words.join(' ')));
  return parts.join(' OR ');
}
