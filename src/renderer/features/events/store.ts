import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { ConversationRef } from '../../../shared/api/conversation-contract';
import type { EventDraft, EventsList } from '../../../shared/api/events-contract';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';

export type ConversationEvents = {
  status: LoadStatus;
  value: EventsList | null;
  error: string | null;
};

export interface EventsActions {
  /** Shows a conversation's events: fetched now, and again on each `events.changed` for it. */
  follow(ref: ConversationRef): () => void;
  load(ref: ConversationRef): Promise<void>;
  /** Creates (no id) or rewrites an event; rejects with the runtime's refusal. Resolves its id. */
  save(ref: ConversationRef, id: string | null, draft: EventDraft): Promise<string>;
  remove(ref: ConversationRef, id: string): Promise<void>;
  /** The runtime says the conversation's events changed (an edit elsewhere, one fired). */
  applyChanged(ref: ConversationRef): void;
  resync(): void;
}

export type EventsState = {
  conversations: Record<string, ConversationEvents>;
  actions: EventsActions;
};

export type EventsStore = StoreApi<EventsState>;

export function eventsKey({ agent, network, channelId }: ConversationRef): string {
  return `${network}/${agent}/${channelId}`;
}

/**
 * Each shown conversation's scheduled events, mirrored from the runtime: fetched while a view
 * follows the conversation, fetched again on `events.changed` (the engine fires events, the agent
 * edits them) and after a reconnect. Saves answer the list as it is now, which is shown at once.
 */
export function createEventsStore(api: ApiClient): EventsStore {
  const followers = new Map<string, { ref: ConversationRef; count: number }>();
  const requests = new Map<string, number>();

  return createStore<EventsState>()((set, get) => {
    const patch = (key: string, change: Partial<ConversationEvents>) =>
      set((state) => {
        const current = state.conversations[key] ?? {
          status: 'idle' as LoadStatus,
          value: null,
          error: null,
        };
        return { conversations: { ...state.conversations, [key]: { ...current, ...change } } };
      });
    const show = (ref: ConversationRef, value: EventsList) => {
      const key = eventsKey(ref);
      requests.set(key, (requests.get(key) ?? 0) + 1);
      patch(key, { status: 'ready', value, error: null });
    };

    const actions: EventsActions = {
      follow(ref) {
        const key = eventsKey(ref);
        const follower = followers.get(key) ?? { ref, count: 0 };
        follower.count++;
        followers.set(key, follower);
        void actions.load(ref);
        return () => {
          follower.count--;
          if (follower.count === 0) followers.delete(key);
        };
      },
      async load(ref) {
        const key = eventsKey(ref);
        const request = (requests.get(key) ?? 0) + 1;
        requests.set(key, request);
        if (get().conversations[key]?.status !== 'ready') patch(key, { status: 'loading', error: null });
        try {
          const value = await api.call('events.list', ref);
          if (requests.get(key) === request) patch(key, { status: 'ready', value, error: null });
        } catch (error) {
          if (requests.get(key) !== request) return;
          const kept = get().conversations[key]?.value;
          patch(key, { status: kept ? 'ready' : 'error', error: errorMessage(error) });
        }
      },
      async save(ref, id, draft) {
        const answer = await api.call('events.save', {
          ...ref,
          ...(id === null ? {} : { id }),
          event: draft,
        });
        const { savedId, ...list } = answer;
        show(ref, list);
        return savedId;
      },
      async remove(ref, id) {
        show(ref, await api.call('events.delete', { ...ref, id }));
      },
      applyChanged(ref) {
        const follower = followers.get(eventsKey(ref));
        if (follower) void actions.load(follower.ref);
      },
      resync() {
        for (const { ref } of followers.values()) void actions.load(ref);
      },
    };
    return { conversations: {}, actions };
  });
}

export const EventsStoreContext = createContext<EventsStore | null>(null);

export function useEventsStore<T>(selector: (state: EventsState) => T): T {
  const store = useContext(EventsStoreContext);
  if (!store) throw new Error('useEventsStore needs an EventsStoreContext provider.');
  return useStore(store, selector);
}
