import { Api, utils } from 'telegram';
import type { InboundEvent } from '../../messaging/port';
import type { RawUpdate } from '../accounts';
import {
  type KnownPeer,
  mapReactions,
  markedBasicGroupId,
  markedChannelId,
  markedPeerId,
  markedUserId,
} from '../mapping';
import type { AccountContext } from './account-context';
import { toChatMsgs } from './agent-messages';
import { messageFromShort } from './short-messages';

/** GramJS attaches the users and chats of the Updates an update came in as `_entities`. */
function entitiesOf(update: RawUpdate): KnownPeer[] {
  const entities = (update as { _entities?: Map<unknown, KnownPeer> })._entities;
  return entities ? [...entities.values()] : [];
}

/**
 * The inbound events of one Telegram update for the agent: new messages from others (the
 * agent's own sends raise none), edits, deletes, typing, read receipts and reactions on the
 * agent's messages.
 */
export async function inboundEvents(
  context: AccountContext,
  agent: string,
  update: RawUpdate,
): Promise<InboundEvent[]> {
  context.entities.remember(entitiesOf(update));
  if (update instanceof Api.UpdateNewMessage || update instanceof Api.UpdateNewChannelMessage) {
    const [message] = await toChatMsgs(context, [update.message]);
    return message && !message.isAgent ? [{ type: 'message', agent, message }] : [];
  }
  if (update instanceof Api.UpdateShortMessage || update instanceof Api.UpdateShortChatMessage) {
    const message = messageFromShort(update, context.selfId);
    await refreshUnknownSender(context, message);
    const [chatMsg] = await toChatMsgs(context, [message]);
    return chatMsg && !chatMsg.isAgent ? [{ type: 'message', agent, message: chatMsg }] : [];
  }
  if (update instanceof Api.UpdateEditMessage || update instanceof Api.UpdateEditChannelMessage) {
    const [message] = await toChatMsgs(context, [update.message]);
    return message ? [{ type: 'edit', agent, message }] : [];
  }
  if (update instanceof Api.UpdateDeleteMessages) return deleteEvents(context, agent, update.messages);
  if (update instanceof Api.UpdateDeleteChannelMessages) {
    return [
      { type: 'delete', agent, channelId: markedChannelId(update.channelId), messageIds: update.messages },
    ];
  }
  if (update instanceof Api.UpdateMessageReactions) return reactionEvents(context, agent, update);
  if (update instanceof Api.UpdateReadHistoryOutbox) {
    return [{ type: 'read', agent, channelId: markedPeerId(update.peer), maxMessageId: update.maxId }];
  }
  if (update instanceof Api.UpdateReadChannelOutbox) {
    return [
      { type: 'read', agent, channelId: markedChannelId(update.channelId), maxMessageId: update.maxId },
    ];
  }
  return typingEvents(agent, update);
}

/** updateDeleteMessages names private and basic-group messages by id only; the memory knows their chats. */
function deleteEvents(context: AccountContext, agent: string, messageIds: readonly number[]): InboundEvent[] {
  const byChannel = new Map<number, number[]>();
  for (const messageId of messageIds) {
    const channelId = context.memory.channelOf(messageId);
    if (channelId === undefined) continue;
    byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), messageId]);
  }
  return [...byChannel].map(([channelId, ids]) => ({ type: 'delete', agent, channelId, messageIds: ids }));
}

/**
 * Reactions matter on the agent's own messages. A message the memory does not know counts as
 * the agent's when Telegram flags a reaction on it unread, which it does only for one's own.
 */
function reactionEvents(
  context: AccountContext,
  agent: string,
  update: Api.UpdateMessageReactions,
): InboundEvent[] {
  const channelId = markedPeerId(update.peer);
  const own =
    context.memory.isAgentMessage(channelId, update.msgId) ??
    (update.reactions.recentReactions ?? []).some((reaction) => reaction.unread);
  if (!own) return [];
  const reactions = mapReactions(update.reactions, context.entities.directory());
  return [{ type: 'reaction', agent, channelId, messageId: update.msgId, reactions }];
}

function typingEvents(agent: string, update: RawUpdate): InboundEvent[] {
  if (update instanceof Api.UpdateUserTyping && isTyping(update.action)) {
    const userId = markedUserId(update.userId);
    return [{ type: 'typing', agent, channelId: userId, userId }];
  }
  if (update instanceof Api.UpdateChatUserTyping && isTyping(update.action)) {
    const channelId = markedBasicGroupId(update.chatId);
    return [{ type: 'typing', agent, channelId, userId: markedPeerId(update.fromId) }];
  }
  if (update instanceof Api.UpdateChannelUserTyping && isTyping(update.action)) {
    const channelId = markedChannelId(update.channelId);
    return [{ type: 'typing', agent, channelId, userId: markedPeerId(update.fromId) }];
  }
  return [];
}

function isTyping(action: Api.TypeSendMessageAction): boolean {
  return !(action instanceof Api.SendMessageCancelAction);
}

/**
 * A short message comes without its sender's names. When they are not fresh in the directory
 * but the sender was seen before, they are fetched (best effort: the message maps without names
 * otherwise).
 */
async function refreshUnknownSender(context: AccountContext, message: Api.Message): Promise<void> {
  if (!(message.fromId instanceof Api.PeerUser)) return;
  const senderId = markedPeerId(message.fromId);
  if (context.entities.get(senderId)) return;
  const input = context.entities.inputPeer(senderId);
  if (!input) return;
  try {
    const users = await context.account.invoke(new Api.users.GetUsers({ id: [utils.getInputUser(input)] }));
    context.remember({ users });
  } catch {
    // The message still maps, without the sender's names.
  }
}
