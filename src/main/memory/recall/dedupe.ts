import type { ScoredCandidate } from './fuse';
import { analyzeText } from './text';

/**
 * One text, one item. A text said over and over ("good night!", a pasted link) is one candidate
 * standing for all its messages, and worth less for it: formulas are not memories. Texts that
 * differ in a word or two (a message and the note that repeats it, a message sent again with a
 * typo fixed) are found when items are chosen: only against the few already chosen, so the cost
 * does not grow with the square of the candidates.
 */

/** How much each doubling of a text's copies takes off its score. */
const REPEAT_PENALTY = 0.25;
/** Texts sharing this share of their words (Jaccard) are the same text. */
const NEAR_DUPLICATE_OVERLAP = 0.8;
/** Texts of fewer distinct words are compared only whole: "ok" and "ok!" are one, "ok" and "no" not. */
const NEAR_DUPLICATE_MIN_WORDS = 3;

function wordsKey(text: string): string {
  return analyzeText(text).sequence.join(' ');
}

/** Merges candidates with the same words into the best of them (ids of all), then orders by score again. */
export function mergeRepeats(candidates: readonly ScoredCandidate[]): ScoredCandidate[] {
  const byWords = new Map<string, { candidate: ScoredCandidate; copies: number }>();
  const merged: { candidate: ScoredCandidate; copies: number }[] = [];
  for (const candidate of candidates) {
    const key = wordsKey(candidate.text);
    const known = key === '' ? undefined : byWords.get(key);
    if (!known) {
      const entry = { candidate: { ...candidate, messageIds: [...candidate.messageIds] }, copies: 1 };
      if (key !== '') byWords.set(key, entry);
      merged.push(entry);
      continue;
    }
    known.copies++;
    const ids = known.candidate.messageIds;
    for (const id of candidate.messageIds) if (!ids.includes(id)) ids.push(id);
  }
  return merged
    .map(({ candidate, copies }) => ({
      ...candidate,
      score: candidate.score / (1 + REPEAT_PENALTY * Math.log2(copies)),
    }))
    .sort((a, b) => b.score - a.score || (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key));
}

/** Whether two texts say the same with a word or two changed. */
export function nearDuplicate(a: string, b: string): boolean {
  const left = analyzeText(a).folded;
  const right = analyzeText(b).folded;
  if (left.size < NEAR_DUPLICATE_MIN_WORDS || right.size < NEAR_DUPLICATE_MIN_WORDS) return false;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared) >= NEAR_DUPLICATE_OVERLAP;
}
