import { nearDuplicate } from './dedupe';
import type { ScoredCandidate } from './fuse';

/**
 * What fits the prompt: recalled items are taken best first while their estimated tokens fit the
 * budget (one that does not fit is skipped for a shorter one after it), up to a number of items.
 * A long text is cut to the part around its first matching word: a long message or summary
 * matters for the sentence that matched, and must not crowd out five other finds. A candidate that
 * says what a chosen item says (`nearDuplicate`) adds its ids to that item instead.
 */

export const DEFAULT_BUDGET_TOKENS = 1000;
export const DEFAULT_ITEM_LIMIT = 10;
/** Characters per token in the estimate (English runs about four; other scripts fewer). */
const CHARS_PER_TOKEN = 3.5;
/** What an item's markup costs: the tags, kind, date and sender. */
const ITEM_OVERHEAD_TOKENS = 18;
/** The longest text an item keeps. */
const MAX_ITEM_CHARS = 600;
/** How much of the text before the first matching word a cut keeps. */
const LEAD_CHARS = 120;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN) + ITEM_OVERHEAD_TOKENS;
}

/** The text cut to `MAX_ITEM_CHARS` around the first of `words` it contains (folded words). */
export function excerpt(text: string, words: readonly string[]): string {
  if (text.length <= MAX_ITEM_CHARS) return text;
  const lower = text.toLowerCase();
  const first = Math.min(
    ...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0),
    Number.POSITIVE_INFINITY,
  );
  let start = Number.isFinite(first) ? Math.max(0, first - LEAD_CHARS) : 0;
  start = Math.min(start, text.length - MAX_ITEM_CHARS);
  const space = start === 0 ? 0 : text.indexOf(' ', start);
  const from = space > 0 && space < start + 20 ? space + 1 : start;
  const cut = text.slice(from, from + MAX_ITEM_CHARS - 2).trimEnd();
  return `${from > 0 ? '…' : ''}${cut}${from + MAX_ITEM_CHARS - 2 < text.length ? '…' : ''}`;
}

/** The candidates that fit, in order, each text cut to size. */
export function fitBudget(
  candidates: readonly ScoredCandidate[],
  options: { budgetTokens: number; limit: number; words: readonly string[] },
): ScoredCandidate[] {
  const chosen: ScoredCandidate[] = [];
  let left = options.budgetTokens;
  for (const candidate of candidates) {
    const same = chosen.find((item) => nearDuplicate(item.text, candidate.text));
    if (same) {
      for (const id of candidate.messageIds) if (!same.messageIds.includes(id)) same.messageIds.push(id);
      continue;
    }
    if (chosen.length >= options.limit) break;
    const text = excerpt(candidate.text, options.words);
    const cost = estimateTokens(text);
    if (cost > left) continue;
    left -= cost;
    chosen.push({ ...candidate, text, messageIds: [...candidate.messageIds] });
  }
  return chosen;
}
