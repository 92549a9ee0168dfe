import { assignRanks, type Candidate, type SourceContext } from '../candidate';

/**
 * Ranks a small source's candidates (a chat's summaries, notes, the agent's memories: tens to
 * hundreds of texts, read whole): by the lexical score in the source's own list, and, when the
 * query names periods, those whose time falls in one in the period list. What matches neither is
 * left out.
 */
export function rankTexts(
  candidates: readonly Candidate[],
  context: SourceContext,
  timeRange: (candidate: Candidate) => { from: number; to: number } | null,
): Candidate[] {
  const scored = candidates.map((candidate) => ({ candidate, score: context.score(candidate.text).score }));
  const matching = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  assignRanks(
    matching.map((entry) => entry.candidate),
    'source',
  );
  const periods = context.query.periods.map((period) => ({
    from: period.from.getTime(),
    to: period.to.getTime(),
  }));
  const inPeriod = scored
    .filter((entry) => {
      const range = timeRange(entry.candidate);
      return range !== null && periods.some((period) => range.from < period.to && range.to >= period.from);
    })
    .sort((a, b) => b.score - a.score || (b.candidate.at ?? 0) - (a.candidate.at ?? 0));
  assignRanks(
    inPeriod.map((entry) => entry.candidate),
    'period',
  );
  return scored
    .map((entry) => entry.candidate)
    .filter((candidate) => Object.keys(candidate.ranks).length > 0);
}

/** An instant from a stored date: a day (YYYY-MM-DD, taken as UTC midnight) or an ISO date-time. */
export function parseStoredDate(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(parsed) ? null : parsed;
}
