import type { MessageProvenance } from '../../../../shared/api/conversation-contract';
import { errorMessage } from '../../../api/errors';
import { type ChatRef, chatKey } from '../model';
import type { SliceContext } from './slice-context';
import type { ExchangeHistory, HistoryActions, Loadable, ProvenanceTarget } from './types';

/** Exchanges per page: each may be large (a whole prompt), so pages stay small. */
export const EXCHANGE_PAGE_SIZE = 10;

const EMPTY_HISTORY: ExchangeHistory = {
  status: 'idle',
  value: [],
  error: null,
  hasMore: false,
  loadingOlder: false,
};

export function provenanceKey(ref: ChatRef, target: ProvenanceTarget): string {
  return `${chatKey(ref)}/${target.messageId}${target.reaction ? '/reaction' : ''}`;
}

/** The kept exchanges of a chat (browsed newest first) and the provenance of its messages. */
export function createHistorySlice(ctx: SliceContext): HistoryActions {
  const { api, set, get } = ctx;
  const historyOf = (key: string) => get().exchangeHistory[key] ?? EMPTY_HISTORY;
  const patchHistory = (key: string, patch: Partial<ExchangeHistory>) =>
    set((s) => ({ exchangeHistory: { ...s.exchangeHistory, [key]: { ...historyOf(key), ...patch } } }));
  // Per chat, the latest first-page request: a reload supersedes an older page still on its way.
  const generations = new Map<string, number>();

  return {
    async loadExchanges(ref) {
      const key = chatKey(ref);
      const generation = (generations.get(key) ?? 0) + 1;
      generations.set(key, generation);
      patchHistory(key, { status: historyOf(key).status === 'ready' ? 'ready' : 'loading', error: null });
      try {
        const page = await api.call('conversations.exchanges', {
          ...ctx.networkRef(ref),
          limit: EXCHANGE_PAGE_SIZE,
        });
        if (generations.get(key) !== generation) return;
        patchHistory(key, { status: 'ready', value: page.exchanges, hasMore: page.hasMore, error: null });
      } catch (error) {
        if (generations.get(key) !== generation) return;
        patchHistory(key, { status: 'error', error: errorMessage(error) });
      }
    },

    async loadOlderExchanges(ref) {
      const key = chatKey(ref);
      const current = historyOf(key);
      const oldest = current.value.at(-1);
      if (current.loadingOlder || !current.hasMore || !oldest) return;
      const generation = generations.get(key);
      patchHistory(key, { loadingOlder: true, error: null });
      try {
        const page = await api.call('conversations.exchanges', {
          ...ctx.networkRef(ref),
          beforeId: oldest.id,
          limit: EXCHANGE_PAGE_SIZE,
        });
        if (generations.get(key) !== generation) return;
        patchHistory(key, {
          value: [...historyOf(key).value, ...page.exchanges],
          hasMore: page.hasMore,
          loadingOlder: false,
        });
      } catch (error) {
        patchHistory(key, { loadingOlder: false, error: errorMessage(error) });
      }
    },

    async loadProvenance(ref, target) {
      const key = provenanceKey(ref, target);
      const patch = (value: Loadable<MessageProvenance | null>) =>
        set((s) => ({ provenance: { ...s.provenance, [key]: value } }));
      patch({ status: 'loading', value: get().provenance[key]?.value ?? null, error: null });
      try {
        const value = await api.call('conversations.provenance', { ...ctx.networkRef(ref), ...target });
        patch({ status: 'ready', value, error: null });
      } catch (error) {
        patch({ status: 'error', value: null, error: errorMessage(error) });
      }
    },
  };
}
