import type { StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../../shared/api/client';
import type { ConversationSummary, Network } from '../../../../shared/api/conversation-contract';
import type { ChatMsg } from '../../../../shared/domain/conversation';
import { type ChatRef, chatKey, EMPTY_WINDOW, upsertChatRow } from '../model';
import type { ChatView, ConversationState, Loadable, PageAhead } from './types';

export function loadable<T>(value: T): Loadable<T> {
  return { status: 'idle', value, error: null };
}

export function emptyChatView(ref: ChatRef): ChatView {
  return {
    ref,
    detail: loadable(null),
    timeline: {
      status: 'idle',
      error: null,
      window: EMPTY_WINDOW,
      hasMore: false,
      loadingOlder: false,
      olderError: null,
    },
    pending: [],
    activity: null,
    turn: null,
    graph: loadable(null),
    lastGraph: null,
    replacedGraphs: [],
    exchange: loadable(null),
    parameters: { ...loadable(null), saving: false },
    composer: { personId: null, replyToId: null },
  };
}

export function onlySimulator(network: Network, what: string): void {
  if (network !== 'simulator') throw new Error(`Only Simulator chats can ${what} from the console.`);
}

/**
 * What every slice of a conversation store shares: the API, the store's network, state access,
 * and the per-chat bookkeeping that is not state (no view draws it).
 */
export type SliceContext = {
  api: ApiClient;
  network: Network;
  now: () => number;
  set: StoreApi<ConversationState>['setState'];
  get: StoreApi<ConversationState>['getState'];
  /** Updates one chat's view, creating it on first use. */
  patchChat(ref: ChatRef, update: (view: ChatView) => Partial<ChatView>): void;
  viewOf(ref: ChatRef): ChatView | undefined;
  /** Replaces one listed chat's summary; a chat the list does not hold is left alone. */
  patchSummary(ref: ChatRef, update: (summary: ConversationSummary) => ConversationSummary): void;
  networkRef(ref: ChatRef): { agent: string; network: Network; channelId: number };
  /** Ids deleted per chat: a page fetched before a deletion must not bring the message back. */
  withoutDeleted(key: string, messages: ChatMsg[]): ChatMsg[];
  markDeleted(key: string, messageIds: readonly number[]): void;
  /** Per chat, when the composer's person last signalled typing. */
  lastTypingSignal: Map<string, number>;
  /** Per chat, the older page fetched ahead of need. */
  pagesAhead: Map<string, PageAhead>;
};

export function createSliceContext(
  api: ApiClient,
  network: Network,
  now: () => number,
  set: SliceContext['set'],
  get: SliceContext['get'],
): SliceContext {
  const deleted = new Map<string, Set<number>>();
  return {
    api,
    network,
    now,
    set,
    get,
    patchChat(ref, update) {
      const key = chatKey(ref);
      set((s) => {
        const view = s.chats[key] ?? emptyChatView(ref);
        return { chats: { ...s.chats, [key]: { ...view, ...update(view) } } };
      });
    },
    viewOf: (ref) => get().chats[chatKey(ref)],
    patchSummary(ref, update) {
      set((s) => {
        const current = s.chatList.agent === ref.agent ? s.chatList.byId[ref.channelId] : undefined;
        if (!current) return {};
        const next = update(current);
        if (next === current) return {};
        return { chatList: { ...s.chatList, ...upsertChatRow(s.chatList, next) } };
      });
    },
    networkRef: (ref) => ({ agent: ref.agent, network, channelId: ref.channelId }),
    withoutDeleted(key, messages) {
      const gone = deleted.get(key);
      return gone ? messages.filter((message) => !gone.has(message.messageId)) : messages;
    },
    markDeleted(key, messageIds) {
      let gone = deleted.get(key);
      if (!gone) {
        gone = new Set();
        deleted.set(key, gone);
      }
      for (const id of messageIds) gone.add(id);
    },
    lastTypingSignal: new Map(),
    pagesAhead: new Map(),
  };
}
