import type { CostsState } from './store';

/** Named selectors: components read the costs store only through these. */
export const costsSelectors = {
  range: (s: CostsState) => s.range,
  rangeStale: (s: CostsState) => s.rangeStale,
  prices: (s: CostsState) => s.prices,
  actions: (s: CostsState) => s.actions,
  summary: (key: string) => (s: CostsState) => s.summaries[key],
};
