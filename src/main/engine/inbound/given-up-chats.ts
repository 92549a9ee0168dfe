import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import type { UnreadChat } from '../../messaging/port';

function unreadState(chat: UnreadChat): string {
  return JSON.stringify([
    chat.lastMessageId,
    chat.mentioned,
    chat.markedUnread,
    chat.unreadReactionMessageIds,
  ]);
}

/**
 * Conversations whose last turn failed for good. A failed turn marks nothing read, so without this
 * every unread scan would start the failing turn (and its LLM call) again; the scan waits for news
 * instead. The chat's unread state is taken at the first scan after the failure, so news that the
 * live events missed in between waits for the next change too. In memory: a restart tries again.
 */
export class GivenUpChats {
  /** By conversation: the unread state the scan last saw, null until it has seen one. */
  readonly #chats = new Map<string, string | null>();

  gaveUp(conversation: ConversationKey): void {
    this.#chats.set(conversationKeyString(conversation), null);
  }

  /** A new turn was asked for. */
  clear(conversation: ConversationKey): void {
    this.#chats.delete(conversationKeyString(conversation));
  }

  /** Whether the chat has nothing new since its turn failed for good. */
  unchanged(conversation: ConversationKey, chat: UnreadChat): boolean {
    const key = conversationKeyString(conversation);
    if (!this.#chats.has(key)) return false;
    const seen = this.#chats.get(key);
    const now = unreadState(chat);
    if (seen === null) this.#chats.set(key, now);
    return seen === null || seen === now;
  }
}
