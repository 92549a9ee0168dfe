import type { ConversationRef } from '../../../shared/api';
import type { ChatKind } from '../../../shared/domain/conversation';
import { fromArchivedMessage } from '../../memory';
import type { ChatSummary } from '../../messaging/port';
import type { MessagePage, MessagePageQuery } from '../../simulator';
import type { Store } from '../../store';

/** How many of an agent's archived chats are looked through for ones its account no longer shows. */
const ARCHIVED_CHATS_LIMIT = 500;

/**
 * The chats an agent is no longer in (it left a group, was removed, or the chat was deleted on
 * Telegram) as Troupe archived them: they stay listed and readable in the console, read-only,
 * instead of vanishing with what the agent remembers of them.
 */
export interface ArchivedChats {
  /** The agent's archived chats on the network that `live` does not list, newest first. */
  missingFrom(
    agent: string,
    network: ConversationRef['network'],
    live: readonly ChatSummary[],
  ): ChatSummary[];
  /** A page of the chat's archived messages, or null when the archive has none. */
  page(ref: ConversationRef, query: MessagePageQuery): MessagePage | null;
}

/**
 * The archive keeps no chat kind: a Telegram user id is positive, a group's or channel's negative,
 * and a channel the agent left reads as a group.
 */
function kindOf(channelId: number): ChatKind {
  return channelId > 0 ? 'direct' : 'group';
}

export function archivedChats(store: Pick<Store, 'archive' | 'telegramChatTitles'>): ArchivedChats {
  return {
    missingFrom(agent, network, live) {
      const listed = new Set(live.map((chat) => chat.channelId));
      return store.archive
        .chats(agent, ARCHIVED_CHATS_LIMIT)
        .filter(({ conversation }) => conversation.network === network && !listed.has(conversation.channelId))
        .map(({ conversation }) => {
          const { channelId } = conversation;
          const [last] = store.archive.page(conversation, { limit: 1 });
          return {
            channelId,
            kind: kindOf(channelId),
            title: store.telegramChatTitles.get(agent, channelId) ?? `Chat ${channelId}`,
            lastMessage: last ? fromArchivedMessage(last, channelId) : null,
            unreadCount: 0,
          };
        });
    },
    page(ref, { beforeMessageId, limit }) {
      // One more than asked says whether older messages exist.
      const rows = store.archive.page(ref, {
        limit: limit + 1,
        ...(beforeMessageId ? { beforeMessageId } : {}),
      });
      if (rows.length === 0 && beforeMessageId === undefined) return null;
      const hasMore = rows.length > limit;
      const kept = hasMore ? rows.slice(1) : rows;
      return { messages: kept.map((row) => fromArchivedMessage(row, ref.channelId)), hasMore };
    },
  };
}
