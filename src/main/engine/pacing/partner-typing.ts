import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';

/** A direct partner seen typing (or sending) this recently is probably not done yet. */
export const PARTNER_TYPING_WINDOW_MS = 5_000;

/**
 * When each direct-chat partner was last seen typing or sending. A received task in a direct chat
 * waits until the partner has been quiet for the window, so a burst of messages is answered once,
 * after the last one. Kept in memory only: after a restart nobody is typing.
 */
export class PartnerTypingTracker {
  readonly #windowMs: number;
  readonly #lastSeen = new Map<string, number>();

  constructor(windowMs: number = PARTNER_TYPING_WINDOW_MS) {
    this.#windowMs = windowMs;
  }

  seen(conversation: ConversationKey, at: Date): void {
    this.#lastSeen.set(conversationKeyString(conversation), at.getTime());
  }

  /** Until when the partner counts as typing; null once the window has passed. */
  typingUntil(conversation: ConversationKey, now: Date): Date | null {
    const key = conversationKeyString(conversation);
    const seen = this.#lastSeen.get(key);
    if (seen === undefined) return null;
    const until = seen + this.#windowMs;
    if (until <= now.getTime()) {
      this.#lastSeen.delete(key);
      return null;
    }
    return new Date(until);
  }
}
