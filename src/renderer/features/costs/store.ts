import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { EventPayload } from '../../../shared/api/contract';
import type { UsageSummary } from '../../../shared/api/usage-contract';
import type { LlmPrice, LlmPriceInput } from '../../../shared/domain/prices';
import { errorMessage, fieldErrors } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import { queryCovers, queryKey, summaryInput, type UsageQuery, type UsageRange } from './model';

export type SummaryView = {
  query: UsageQuery;
  status: LoadStatus;
  summary: UsageSummary | null;
  /** The last load's failure; a summary shown before stays. */
  error: string | null;
  /** The runtime's words per input field (`until`, `timeZone`), for the window picker. */
  fieldErrors: Record<string, string>;
};

/** What saving a price came to: nothing when saved, else the runtime's words per field. */
export type PriceSaveResult = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

export interface CostsActions {
  setRange(range: UsageRange): void;
  /** Whether the custom days being picked make no range, so the views show the last one that did. */
  setRangeStale(stale: boolean): void;
  /** Shows the query's summary while the view is on screen; returns the release. */
  follow(query: UsageQuery): () => void;
  /** A new ledger row: the summaries that count it are fetched again, a moment later for bursts. */
  applyRecorded(row: EventPayload<'usage.recorded'>): void;
  /** The catalogue changed: kept, and every summary fetched again (models may be priced now). */
  applyPrices(prices: LlmPrice[]): void;
  loadPrices(): Promise<void>;
  savePrice(input: LlmPriceInput): Promise<PriceSaveResult>;
  /** Rejects with the runtime's reason. */
  deletePrice(modelId: string): Promise<void>;
  /** Re-fetches what is on screen, e.g. after the connection came back. */
  resync(): void;
}

export type CostsState = {
  /** The window every costs view reads, the operator's last choice. */
  range: UsageRange;
  /** The window picker holds custom days that make no range: `range` is the last one that did. */
  rangeStale: boolean;
  summaries: Record<string, SummaryView>;
  prices: { status: LoadStatus; list: LlmPrice[]; error: string | null };
  actions: CostsActions;
};

export type CostsStore = StoreApi<CostsState>;

/** How long a burst of calls is gathered before the views fetch their summaries again. */
export const REFRESH_DELAY_MS = 800;

export function createCostsStore(client: ApiClient, options: { now?: () => Date } = {}): CostsStore {
  const now = options.now ?? (() => new Date());
  /** Views following each summary; a summary nobody follows is dropped. */
  const followers = new Map<string, number>();
  /** The latest request per summary, so an older answer never overwrites a newer one. */
  const latest = new Map<string, number>();
  let requests = 0;
  const stale = new Set<string>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  return createStore<CostsState>()((set, get) => {
    const patch = (key: string, change: Partial<SummaryView>) =>
      set((state) => {
        const view = state.summaries[key];
        return view ? { summaries: { ...state.summaries, [key]: { ...view, ...change } } } : {};
      });

    const load = async (key: string) => {
      const view = get().summaries[key];
      if (!view) return;
      const request = ++requests;
      latest.set(key, request);
      // A refetch keeps the summary on screen as it is: no new view, so nothing redraws until it answers.
      const status = view.summary ? 'ready' : 'loading';
      if (view.status !== status) patch(key, { status });
      try {
        const summary = await client.call('usage.summary', summaryInput(view.query, now()));
        if (latest.get(key) === request)
          patch(key, { status: 'ready', summary, error: null, fieldErrors: {} });
      } catch (error) {
        if (latest.get(key) === request)
          patch(key, { status: 'error', error: errorMessage(error), fieldErrors: fieldErrors(error) });
      }
    };

    const refreshLater = (keys: Iterable<string>) => {
      for (const key of keys) stale.add(key);
      if (refreshTimer !== null) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        const keys = [...stale];
        stale.clear();
        for (const key of keys) void load(key);
      }, REFRESH_DELAY_MS);
    };

    return {
      range: { kind: '7d' },
      rangeStale: false,
      summaries: {},
      prices: { status: 'idle', list: [], error: null },
      actions: {
        setRange: (range) => set({ range }),
        setRangeStale: (rangeStale) => set({ rangeStale }),
        follow(query) {
          const key = queryKey(query);
          followers.set(key, (followers.get(key) ?? 0) + 1);
          if (!get().summaries[key]) {
            set((state) => ({
              summaries: {
                ...state.summaries,
                [key]: { query, status: 'loading', summary: null, error: null, fieldErrors: {} },
              },
            }));
          }
          void load(key);
          return () => {
            const left = (followers.get(key) ?? 1) - 1;
            if (left > 0) return void followers.set(key, left);
            followers.delete(key);
            set((state) => {
              const { [key]: _gone, ...rest } = state.summaries;
              return { summaries: rest };
            });
          };
        },
        applyRecorded(row) {
          const { summaries } = get();
          refreshLater(Object.keys(summaries).filter((key) => queryCovers(summaries[key]!.query, row)));
        },
        applyPrices(list) {
          set({ prices: { status: 'ready', list, error: null } });
          refreshLater(Object.keys(get().summaries));
        },
        async loadPrices() {
          set((state) => ({
            prices: { ...state.prices, status: state.prices.list.length ? 'ready' : 'loading' },
          }));
          try {
            const { prices } = await client.call('prices.list', {});
            set({ prices: { status: 'ready', list: prices, error: null } });
          } catch (error) {
            set((state) => ({ prices: { ...state.prices, status: 'error', error: errorMessage(error) } }));
          }
        },
        async savePrice(input) {
          try {
            await client.call('prices.put', input);
            return { ok: true };
          } catch (error) {
            return { ok: false, message: errorMessage(error), fields: fieldErrors(error) };
          }
        },
        async deletePrice(modelId) {
          await client.call('prices.delete', { modelId });
        },
        resync() {
          for (const key of Object.keys(get().summaries)) void load(key);
          if (get().prices.status !== 'idle') void get().actions.loadPrices();
        },
      },
    };
  });
}

export const CostsStoreContext = createContext<CostsStore | null>(null);

export function useCostsStore<T>(selector: (state: CostsState) => T): T {
  const store = useContext(CostsStoreContext);
  if (!store) throw new Error('useCostsStore needs a CostsStoreContext provider.');
  return useStore(store, selector);
}
