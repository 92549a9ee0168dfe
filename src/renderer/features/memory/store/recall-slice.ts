import type { ApiClient } from '../../../../shared/api/client';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { conversationKey, conversationOf } from '../model';
import type { MemoryState, RecallActions, RecallView } from './types';

type SetState = (change: (state: MemoryState) => Partial<MemoryState>) => void;

/** The recall a turn runs, asked by the operator for one conversation at a time. */
export function createRecallActions(api: ApiClient, set: SetState): RecallActions {
  // Per conversation, only the latest question's answer is shown.
  const requests = new Map<string, number>();
  const update = (key: string, change: (current: RecallView | undefined) => RecallView | undefined) =>
    set((s) => {
      const { [key]: current, ...others } = s.recalls;
      const next = change(current);
      return { recalls: next ? { ...others, [key]: next } : others };
    });

  return {
    async recall(ref, query) {
      const key = conversationKey(ref);
      const request = (requests.get(key) ?? 0) + 1;
      requests.set(key, request);
      update(key, (current) => ({ query, status: 'loading', items: current?.items ?? [], error: null }));
      try {
        const { items } = await api.call('memory.recall', { ...conversationOf(ref), query });
        if (requests.get(key) !== request) return;
        update(key, () => ({ query, status: 'ready', items, error: null }));
      } catch (error) {
        if (requests.get(key) !== request) return;
        const message = fieldErrors(error).query ?? errorMessage(error);
        update(key, () => ({ query, status: 'error', items: [], error: message }));
      }
    },

    clearRecall(ref) {
      const key = conversationKey(ref);
      requests.set(key, (requests.get(key) ?? 0) + 1);
      update(key, () => undefined);
    },
  };
}
