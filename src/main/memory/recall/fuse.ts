import type { Candidate, RankList } from './candidate';
import type { LexicalScore } from './lexical-score';
import { analyzeText, isStopword } from './text';

/**
 * One ranking from many: reciprocal-rank fusion over the lists each candidate stands in (the
 * indexes, the source's own, the period's, vector similarity, and the lexical score over every
 * candidate), because ranks from different scorers add up where their scores would not. The
 * archive's two indexes share one vote, so a message is not worth twice a note for being indexed
 * twice. Newer things weigh a little more, and so do texts with something to say: "ok see you
 * Biscuit" shares the name with the answer about Biscuit's vaccinations, but a question is rarely
 * answered in three words. What matches too little of the query is dropped unless a period or a
 * vector found it.
 */

export interface ScoredCandidate extends Candidate {
  score: number;
  lexical: LexicalScore;
}

/** RRF's k: how flat the reward for rank is (60 in the literature; smaller lists here want a steeper one). */
const RRF_K = 20;
const LIST_WEIGHTS: Record<RankList | 'lexical', number> = {
  words: 0.5,
  stems: 0.5,
  source: 1,
  lexical: 1,
  period: 1,
  vector: 1,
};
/** What the newest things gain at most, and in how many days half of it goes. */
const RECENCY_BOOST = 0.1;
const RECENCY_HALF_LIFE_DAYS = 45;
/** A candidate found by words alone must match this share of the query's weight… */
const MIN_COVERAGE = 0.2;
/** …unless it is among this many nearest by meaning (further ones must match words too). */
const VECTOR_RANKS_KEPT = 10;
/** Texts with fewer content words than this weigh less, down to SHORT_TEXT_FLOOR for none. */
const SUBSTANTIAL_WORDS = 8;
const SHORT_TEXT_FLOOR = 0.8;

const DAY_MS = 86_400_000;

/** Scores and orders the candidates, best first, leaving out those too weakly matched. */
export function fuseCandidates(
  candidates: readonly Candidate[],
  score: (text: string) => LexicalScore,
  now: Date,
): ScoredCandidate[] {
  const scored = candidates.map((candidate) => ({ candidate, lexical: score(candidate.text) }));
  const lexicalRank = new Map(
    scored
      .filter((entry) => entry.lexical.score > 0)
      .sort((a, b) => b.lexical.score - a.lexical.score)
      .map((entry, index) => [entry.candidate, index + 1]),
  );
  const fused: ScoredCandidate[] = [];
  for (const { candidate, lexical } of scored) {
    const { ranks } = candidate;
    const foundOtherwise =
      ranks.period !== undefined || (ranks.vector !== undefined && ranks.vector <= VECTOR_RANKS_KEPT);
    if (!foundOtherwise && lexical.coverage < MIN_COVERAGE) continue;
    let total = 0;
    for (const [list, rank] of Object.entries(ranks) as [RankList, number][]) {
      total += LIST_WEIGHTS[list] / (RRF_K + rank);
    }
    const rank = lexicalRank.get(candidate);
    if (rank !== undefined) total += LIST_WEIGHTS.lexical / (RRF_K + rank);
    const ageDays =
      candidate.at === null ? Number.POSITIVE_INFINITY : Math.max(0, (now.getTime() - candidate.at) / DAY_MS);
    const recency = 1 + RECENCY_BOOST * 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
    fused.push({ ...candidate, score: total * recency * substance(candidate.text), lexical });
  }
  return fused.sort((a, b) => b.score - a.score || (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key));
}

/** SHORT_TEXT_FLOOR for a text of function words only, rising to 1 at SUBSTANTIAL_WORDS content words. */
function substance(text: string): number {
  const content = analyzeText(text).sequence.filter((word) => !isStopword(word)).length;
  return SHORT_TEXT_FLOOR + (1 - SHORT_TEXT_FLOOR) * Math.min(1, content / SUBSTANTIAL_WORDS);
}
