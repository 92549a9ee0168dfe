import type { ChatMsg, Reaction, ReplyPolicy } from '../../../shared/domain/conversation';

/** Telegram's service account (login codes, notices): never a conversation partner. */
export const SERVICE_ACCOUNT_ID = 777000;

/**
 * Whether a channel is a group or channel rather than a direct chat. Ids are Telegram-style
 * (users positive, groups and channels negative), which answers without asking the network.
 */
export function isGroupChannel(channelId: number): boolean {
  return channelId < 0;
}

/** What a gate may need to know; asked lazily and in order, so an early "no" costs no lookups. */
export interface GateLookups {
  /** The agent's own account id (its Saved Messages chat has the same id). */
  selfId(): Promise<number>;
  isBlocked(userId: number): Promise<boolean>;
  /** The agent file's `Gagged` with the conversation's override on top. */
  isGagged(): boolean;
  /** The operator took the conversation over: the agent stays silent until released. */
  takenOver(): boolean;
  isMuted(): Promise<boolean>;
  replyPolicy(): ReplyPolicy;
  canSend(): Promise<boolean>;
}

export type GateDecision =
  | { accept: true; callout: boolean }
  | {
      accept: false;
      reason:
        | 'service-account'
        | 'own-message'
        | 'self-chat'
        | 'blocked-sender'
        | 'gagged'
        | 'operator-only'
        | 'not-a-callout'
        | 'cannot-send'
        | 'not-own-message'
        | 'no-reaction-from-others';
    };

/**
 * Decides whether a new message starts (or joins) a turn:
 * the service account, the agent's own messages and its own chat are ignored; blocked senders are
 * dropped; a gagged conversation, or one the operator took over, makes no tasks; a direct chat takes every message; a muted chat
 * only callouts (mentions and replies to the agent); an unmuted group follows its reply policy.
 */
export async function gateMessage(message: ChatMsg, lookups: GateLookups): Promise<GateDecision> {
  if (message.channelId === SERVICE_ACCOUNT_ID || message.senderId === SERVICE_ACCOUNT_ID) {
    return { accept: false, reason: 'service-account' };
  }
  if (message.isAgent) return { accept: false, reason: 'own-message' };
  if (message.channelId === (await lookups.selfId())) return { accept: false, reason: 'self-chat' };
  if (message.senderId !== null && (await lookups.isBlocked(message.senderId))) {
    return { accept: false, reason: 'blocked-sender' };
  }
  if (lookups.isGagged()) return { accept: false, reason: 'gagged' };
  if (lookups.takenOver()) return { accept: false, reason: 'operator-only' };
  const callout = message.mentioned;
  if (isGroupChannel(message.channelId) && !callout) {
    const answersEverything = !(await lookups.isMuted()) && lookups.replyPolicy() === 'every-message';
    if (!answersEverything) return { accept: false, reason: 'not-a-callout' };
  }
  if (!(await lookups.canSend())) return { accept: false, reason: 'cannot-send' };
  return { accept: true, callout };
}

/**
 * Decides whether a reaction change starts a turn: only reactions by someone else (not blocked) on
 * the agent's own message count, in any chat that is not gagged, muted or not.
 */
export async function gateReaction(
  channelId: number,
  reacted: Pick<ChatMsg, 'isAgent'> | null,
  reactions: readonly Reaction[],
  lookups: GateLookups,
): Promise<GateDecision> {
  if (channelId === SERVICE_ACCOUNT_ID) return { accept: false, reason: 'service-account' };
  const selfId = await lookups.selfId();
  if (channelId === selfId) return { accept: false, reason: 'self-chat' };
  if (!reacted?.isAgent) return { accept: false, reason: 'not-own-message' };
  if (lookups.isGagged()) return { accept: false, reason: 'gagged' };
  if (lookups.takenOver()) return { accept: false, reason: 'operator-only' };
  let fromOthers = false;
  for (const reaction of reactions) {
    if (reaction.userId === selfId || reaction.userId === SERVICE_ACCOUNT_ID) continue;
    if (!(await lookups.isBlocked(reaction.userId))) {
      fromOthers = true;
      break;
    }
  }
  if (!fromOthers) return { accept: false, reason: 'no-reaction-from-others' };
  if (!(await lookups.canSend())) return { accept: false, reason: 'cannot-send' };
  return { accept: true, callout: false };
}
