import type { ConversationSummary } from '../../../shared/api/conversation-contract';
import type { StickerRef } from '../../../shared/domain/conversation';
import { type ChatRef, chatKey } from './model';
import type { ChatView, ConversationState, Loadable } from './store';

const NO_STICKERS: Loadable<StickerRef[]> = { status: 'idle', value: [], error: null };

function lastActivity(summary: ConversationSummary): number {
  return summary.lastMessage ? Date.parse(summary.lastMessage.sentAt) : Number.NEGATIVE_INFINITY;
}

/**
 * Named selectors: components read a conversation store only through these. Those returning a
 * fresh array are meant for `useShallow`.
 */
export const conversationSelectors = {
  network: (s: ConversationState) => s.network,
  agent: (s: ConversationState) => s.agent,
  actions: (s: ConversationState) => s.actions,
  chatList: (s: ConversationState) => s.chatList,
  chatListRefreshing: (s: ConversationState) => s.chatList.refreshing,
  chatListReady: (s: ConversationState) => s.chatList.status === 'ready',
  /** The selected agent's chats, the most recently active first (new, empty chats on top). */
  sortedChats: (s: ConversationState): ConversationSummary[] =>
    [...s.chatList.chats].sort((a, b) => {
      const aEmpty = a.lastMessage === null;
      const bEmpty = b.lastMessage === null;
      if (aEmpty !== bEmpty) return aEmpty ? -1 : 1;
      return lastActivity(b) - lastActivity(a) || b.channelId - a.channelId;
    }),
  openKey: (s: ConversationState) => s.openKey,
  /** One chat's view, or undefined before it was opened. */
  chat:
    (ref: ChatRef) =>
    (s: ConversationState): ChatView | undefined =>
      s.chats[chatKey(ref)],
  summary:
    (ref: ChatRef) =>
    (s: ConversationState): ConversationSummary | undefined =>
      s.chatList.agent === ref.agent
        ? s.chatList.chats.find((chat) => chat.channelId === ref.channelId)
        : undefined,
  stickers:
    (agent: string) =>
    (s: ConversationState): Loadable<StickerRef[]> =>
      s.stickers[agent] ?? NO_STICKERS,
};
