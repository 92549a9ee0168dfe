import type { Candidate, RankList } from './candidate';
import type { LexicalScore } from './lexical-score';
import { analyzeText } from './text';

/**
 * One ranking from many: reciprocal-rank fusion over the lists each candidate stands in (the
 * indexes, the source's own, the period's, vector similarity, and the lexical score over every
 * candidate), because ranks from different scorers add up where their scores would not. The
 * archive's two indexes share one vote, so a message is not worth twice a note for being indexed
 * twice. Newer things weigh a little more; what matches too little of the query is dropped unless
 * a period or a vector found it; near-identical texts (a message pasted twice, a note that repeats
 * a message) are shown once, with the ids of both.
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
/** A candidate found by words alone must match this share of the query's weight. */
const MIN_COVERAGE = 0.2;
/** Texts sharing this share of their words are the same text. */
const DUPLICATE_OVERLAP = 0.8;
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
    const foundOtherwise = ranks.period !== undefined || ranks.vector !== undefined;
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
    fused.push({ ...candidate, score: total * recency, lexical });
  }
  return fused.sort((a, b) => b.score - a.score || (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key));
}

function sameText(a: ScoredCandidate, b: ScoredCandidate): boolean {
  const left = analyzeText(a.text);
  const right = analyzeText(b.text);
  if (left.sequence.join(' ') === right.sequence.join(' ')) return left.length > 0;
  if (left.folded.size < 3 || right.folded.size < 3) return false;
  let shared = 0;
  for (const word of left.folded) if (right.folded.has(word)) shared++;
  return shared / (left.folded.size + right.folded.size - shared) >= DUPLICATE_OVERLAP;
}

/** Drops candidates whose text repeats a better one's; the better one takes over their message ids. */
export function dropDuplicates(candidates: readonly ScoredCandidate[]): ScoredCandidate[] {
  const kept: ScoredCandidate[] = [];
  for (const candidate of candidates) {
    const original = kept.find((known) => sameText(known, candidate));
    if (!original) {
      kept.push({ ...candidate, messageIds: [...candidate.messageIds] });
      continue;
    }
    for (const id of candidate.messageIds)
      if (!original.messageIds.includes(id)) original.messageIds.push(id);
  }
  return kept;
}
