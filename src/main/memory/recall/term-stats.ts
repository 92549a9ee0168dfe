import type { Store } from '../../store';
import type { QueryTerm } from './query';

/**
 * How common each query word is in the archive, which decides two things. What a word is worth
 * (its inverse document frequency, as BM25 weighs it), when recall scores candidates itself. And
 * whether to search for it at all: finding a word costs as much as the archive has messages with
 * it, in any chat, so a word in more than a few percent of all messages ("good", "today") is left
 * out of the full-text search and only counts when scoring what the other words found.
 *
 * Counting stops at the threshold (a common word costs the same to count as any), and counts are
 * kept for a few minutes: turn after turn asks about mostly the same words.
 */

export interface TermStats {
  /** About how many messages the archive holds. */
  readonly documents: number;
  /** BM25's inverse document frequency of the term. */
  idf(term: QueryTerm): number;
  /** Whether the term is too common to search for. */
  common(term: QueryTerm): boolean;
  /** Whether the archive has the term at all (in any chat). */
  present(term: QueryTerm): boolean;
}

/** A word in this share of the archive's messages or more is common… */
const COMMON_SHARE = 0.08;
/** …and in a small archive, a word in this many messages is not yet. */
const COMMON_FLOOR = 200;
/** However large the archive, counting stops here: a word this frequent costs too much to search. */
const COMMON_CEILING = 8_000;
const COUNT_TTL_MS = 5 * 60_000;
const COUNTS_KEPT = 10_000;

interface Count {
  count: number;
  cap: number;
  expires: number;
}

const countsByRepository = new WeakMap<object, Map<string, Count>>();

/**
 * Whether a count made with one cap answers for another: a count below its cap is exact, and one
 * that reached it says "at least this many", enough for any lower cap. The cap grows with the
 * archive, message by message, so without this a busy host would count every word again each turn.
 */
function answers(count: Count, cap: number): boolean {
  return count.count < count.cap || cap <= count.cap;
}

/** Quoted as an FTS5 phrase. */
export function ftsPhrase(words: string): string {
  return `"${words.replaceAll('"', '""')}"`;
}

/**
 * The statistics of `terms`, each counted (or remembered) when first asked for: a recall whose
 * sources find nothing to score never counts.
 */
export function termStats(
  store: Pick<Store, 'archiveRecall'>,
  terms: readonly QueryTerm[],
  now: Date,
): TermStats {
  const repository = store.archiveRecall;
  const documents = Math.max(1, repository.size());
  const cap = Math.min(COMMON_CEILING, Math.max(COMMON_FLOOR, Math.ceil(documents * COMMON_SHARE)));
  let counts = countsByRepository.get(repository);
  if (!counts) {
    counts = new Map();
    countsByRepository.set(repository, counts);
  }
  const remembered = counts;
  const at = now.getTime();
  const asked = new Set(terms.map((term) => term.folded));
  const frequency = new Map<string, number>();
  const df = (term: QueryTerm): number => {
    const known = frequency.get(term.folded);
    if (known !== undefined) return known;
    if (!asked.has(term.folded)) return 0;
    let count = remembered.get(term.text);
    if (!count || count.expires < at || !answers(count, cap)) {
      count = {
        count: repository.documentCount('stems', ftsPhrase(term.text), cap),
        cap,
        expires: at + COUNT_TTL_MS,
      };
      if (remembered.size >= COUNTS_KEPT) remembered.delete(remembered.keys().next().value!);
      remembered.set(term.text, count);
    }
    frequency.set(term.folded, count.count);
    return count.count;
  };
  return {
    documents,
    idf: (term) => Math.log(1 + (documents - df(term) + 0.5) / (df(term) + 0.5)),
    common: (term) => df(term) >= cap,
    present: (term) => df(term) > 0,
  };
}
