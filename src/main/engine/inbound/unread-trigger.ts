import type { ReplyPolicy } from '../../../shared/domain/conversation';
import type { UnreadChat } from '../../messaging/port';
import { NO_TRIGGER, type ReceivedParams } from '../graph/received-task';
import { isGroupChannel, SERVICE_ACCOUNT_ID } from './gates';

/** What the decision may need to know about one chat; asked lazily, so a skipped chat costs no lookups. */
export interface UnreadLookups {
  /** The agent's own account id (its Saved Messages chat has the same id). */
  selfId: number;
  /** The agent file's `Gagged` with the conversation's override on top. */
  isGagged(): boolean;
  /** The operator took the conversation over: the agent stays silent until released. */
  takenOver(): boolean;
  /** A received task of the conversation is running (its LLM call in flight). */
  turnInFlight(): boolean;
  /** The conversation's last turn failed for good and the chat has nothing new since. */
  gaveUp(): boolean;
  /** The newest message a turn of the agent read: what it has answered, whatever the network says. */
  readThrough(): number;
  isMuted(): Promise<boolean>;
  replyPolicy(): ReplyPolicy;
  canSend(): Promise<boolean>;
}

export type UnreadDecision =
  | { trigger: ReceivedParams }
  | {
      trigger: null;
      reason:
        | 'service-account'
        | 'self-chat'
        | 'gagged'
        | 'operator-only'
        | 'turn-in-flight'
        | 'gave-up'
        | 'nothing-new'
        | 'already-answered'
        | 'cannot-send';
    };

/**
 * Decides whether an unread chat found by a scan starts (or joins) a turn, by the rules live
 * messages follow: unread messages count unless the chat is muted, and in a group only when it
 * answers every message; an unread mention or a manual unread mark is a callout; unseen reactions
 * on the agent's messages are the turn's reactions. Messages a turn already read (the network may
 * still count them unread when a read receipt failed) count for nothing but a manual unread mark.
 */
export async function unreadTrigger(chat: UnreadChat, lookups: UnreadLookups): Promise<UnreadDecision> {
  if (chat.channelId === SERVICE_ACCOUNT_ID) return { trigger: null, reason: 'service-account' };
  if (chat.channelId === lookups.selfId) return { trigger: null, reason: 'self-chat' };
  if (lookups.isGagged()) return { trigger: null, reason: 'gagged' };
  if (lookups.takenOver()) return { trigger: null, reason: 'operator-only' };
  // The running turn reads these messages and marks them read; replanning would only abort it.
  // Whatever arrives after its history was fetched stays unread for the next scan.
  if (lookups.turnInFlight()) return { trigger: null, reason: 'turn-in-flight' };
  if (lookups.gaveUp()) return { trigger: null, reason: 'gave-up' };
  // Unread on the network but read by a turn: a read receipt failed. The record decides.
  const answered = chat.lastMessageId !== null && chat.lastMessageId <= lookups.readThrough();
  const callout = (chat.mentioned && !answered) || chat.markedUnread;
  const reactionMessageIds = [...chat.unreadReactionMessageIds];
  const hasUnread =
    chat.unreadCount > 0 &&
    !answered &&
    !(await lookups.isMuted()) &&
    (!isGroupChannel(chat.channelId) || lookups.replyPolicy() === 'every-message');
  if (!hasUnread && !callout && reactionMessageIds.length === 0) {
    return { trigger: null, reason: answered && chat.unreadCount > 0 ? 'already-answered' : 'nothing-new' };
  }
  if (!(await lookups.canSend())) return { trigger: null, reason: 'cannot-send' };
  return {
    trigger: {
      ...NO_TRIGGER,
      // Reactions alone name no target message, as a live reaction does not.
      messageId: hasUnread || callout ? chat.lastMessageId : null,
      callout,
      reactionMessageIds,
      clearMentions: chat.mentioned,
      clearReactions: reactionMessageIds.length > 0,
    },
  };
}
