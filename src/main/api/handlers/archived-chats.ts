import type { ConversationRef } from '../../../shared/api';
import type { ChatKind } from '../../../shared/domain/conversation';
import { fromArchivedMessage } from '../../memory';
import type { ChatSummary } from '../../messaging/port';
import type { MessagePage, MessagePageQuery } from '../../simulator';
import type { Store } from '../../store';

/**
 * The Telegram chats an agent is no longer in (it left a group, was removed, or the chat was
 * deleted) as Troupe archived them: they stay listed and readable in the console, read-only,
 * instead of vanishing with what the agent remembers of them.
 */
export interface ArchivedChats {
  /**
   * The agent's named chats with archived messages that `live` (the newest chats, all of them
   * when `complete`) does not list, newest first. A partial list says nothing of chats older than
   * its oldest: only chats active since then are known to be gone.
   */
  missingFrom(agent: string, live: readonly ChatSummary[], complete: boolean): ChatSummary[];
  /** A page of the chat's archived messages, or null when the archive has none. */
  page(ref: ConversationRef, query: MessagePageQuery): MessagePage | null;
  /** Keeps the titles of the chats Telegram lists now, to name them once the agent has left. */
  rememberTitles(agent: string, live: readonly ChatSummary[]): void;
}

/**
 * The archive keeps no chat kind: a Telegram user id is positive, a group's or channel's negative,
 * and a channel the agent left reads as a group.
 */
function kindOf(channelId: number): ChatKind {
  return channelId > 0 ? 'direct' : 'group';
}

/** When the least recently active chat of a list last saw a message (ISO); '' when none did. */
function oldestActivity(chats: readonly ChatSummary[]): string {
  const times = chats.flatMap((chat) => (chat.lastMessage ? [chat.lastMessage.sentAt] : []));
  return times.reduce((oldest, time) => (time < oldest ? time : oldest), times[0] ?? '');
}

export function archivedChats(
  store: Pick<Store, 'archive' | 'telegramChatTitles' | 'transaction'>,
): ArchivedChats {
  return {
    missingFrom(agent, live, complete) {
      const listed = new Set(live.map((chat) => chat.channelId));
      const listedSince = complete ? '' : oldestActivity(live);
      // The chats the agent was seen in are few; its archive's messages may be many.
      return store.telegramChatTitles
        .chats(agent)
        .filter(({ channelId }) => !listed.has(channelId))
        .flatMap(({ channelId, title }): ChatSummary[] => {
          const [last] = store.archive.page({ agent, network: 'telegram', channelId }, { limit: 1 });
          if (!last || last.sentAt < listedSince) return [];
          const lastMessage = fromArchivedMessage(last, channelId);
          return [{ channelId, kind: kindOf(channelId), title, lastMessage, unreadCount: 0 }];
        })
        .sort((a, b) => (a.lastMessage!.sentAt < b.lastMessage!.sentAt ? 1 : -1));
    },
    rememberTitles(agent, live) {
      // An unchanged title writes nothing: a list seen again costs no page of the database.
      store.transaction(() => {
        for (const chat of live) store.telegramChatTitles.remember(agent, chat.channelId, chat.title);
      });
    },
    page(ref, { beforeMessageId, limit }) {
      // One more than asked says whether older messages exist.
      const rows = store.archive.page(ref, {
        limit: limit + 1,
        ...(beforeMessageId === undefined ? {} : { beforeMessageId }),
      });
      if (rows.length === 0 && beforeMessageId === undefined) return null;
      const hasMore = rows.length > limit;
      const kept = hasMore ? rows.slice(1) : rows;
      return { messages: kept.map((row) => fromArchivedMessage(row, ref.channelId)), hasMore };
    },
  };
}
