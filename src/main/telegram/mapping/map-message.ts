import { Api } from 'telegram';
import type { ChatMsg, MessagePart } from '../../../shared/domain/conversation';
import { type CustomEmojiLookup, customEmojiParts } from './custom-emoji';
import { entitiesToMarkdown } from './entities-to-markdown';
import type { MarkdownOptions } from './entity-spans';
import { isMediaItem, messageMediaContent } from './media-items';
import { type PeerDirectory, peerDisplayName, peerUsername } from './peer-directory';
import { isDirectChat, markedPeerId } from './peer-ids';
import { mapReactions } from './reactions';
import { type ServiceContext, serviceSentence } from './service-sentences';
import type { StickerSetLookup } from './sticker-sets';

export interface MessageMappingContext {
  /** The agent's own marked id: Telegram leaves out the sender of outgoing private messages. */
  selfId: number;
  /** The users and chats of the update or response the message came in. */
  peers: PeerDirectory;
  stickerSets: StickerSetLookup;
  /** Custom emoji documents fetched before mapping; none known by default. */
  customEmoji?: CustomEmojiLookup;
  markdown?: MarkdownOptions;
}

/**
 * Who sent a message. Telegram names the sender (`fromId`) in groups; in a private chat it
 * leaves it out, the sender being the agent for outgoing messages and the partner (the chat
 * itself) otherwise; a broadcast channel's posts are sent by the channel.
 */
function senderIdOf(message: Api.Message | Api.MessageService, channelId: number, selfId: number): number {
  if (message.fromId) return markedPeerId(message.fromId);
  return message.out ? selfId : channelId;
}

/**
 * The message replied to, within this chat. A reply to another chat's message has no id here;
 * a message that only sits in a forum topic points at the topic's first message without
 * replying to it (Telegram sets `forumTopic` and no `replyToTopId` then).
 */
function replyToMessageIdOf(message: Api.Message | Api.MessageService, channelId: number): number | null {
  const header = message.replyTo;
  if (!(header instanceof Api.MessageReplyHeader)) return null;
  if (header.replyToPeerId && markedPeerId(header.replyToPeerId) !== channelId) return null;
  if (header.forumTopic && header.replyToTopId == null) return null;
  return header.replyToMsgId ?? null;
}

function chatNoun(channelId: number, peers: PeerDirectory): ServiceContext['chatNoun'] {
  if (isDirectChat(channelId)) return 'chat';
  const chat = peers.get(channelId);
  return chat instanceof Api.Channel && chat.broadcast ? 'channel' : 'group';
}

function isoFromUnixSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/**
 * A Telegram message (or service message) as Troupe's ChatMsg: parts in the order the model
 * reads them (the service event in words, the text with its entities as markdown, then every
 * file it carries), reactions with the reactors' names, and `mentioned` as Telegram flags it
 * (the agent was @-mentioned or replied to).
 */
export function mapMessage(
  message: Api.Message | Api.MessageService,
  context: MessageMappingContext,
): ChatMsg {
  const { peers } = context;
  const channelId = markedPeerId(message.peerId);
  const senderId = senderIdOf(message, channelId, context.selfId);
  const sender = peers.get(senderId);
  const replyToMessageId = replyToMessageIdOf(message, channelId);
  const parts: MessagePart[] = [];
  if (message instanceof Api.MessageService) {
    const actorIsChat = senderId === channelId && !isDirectChat(channelId);
    const sentence = serviceSentence(message.action, {
      peers,
      actorId: actorIsChat ? null : senderId,
      chatNoun: chatNoun(channelId, peers),
      replyToMessageId,
    });
    if (sentence !== null) parts.push({ kind: 'service', text: sentence });
  } else if (message.message) {
    parts.push({
      kind: 'text',
      text: entitiesToMarkdown(message.message, message.entities, context.markdown),
    });
  }
  const customEmoji = context.customEmoji ?? (() => null);
  if (message instanceof Api.Message) parts.push(...customEmojiParts(message, customEmoji));
  for (const content of messageMediaContent(message, context.stickerSets)) {
    parts.push(isMediaItem(content) ? content.part : content);
  }
  return {
    channelId,
    messageId: message.id,
    senderId,
    senderName: sender === undefined ? null : peerDisplayName(sender),
    senderUsername: sender === undefined ? null : peerUsername(sender),
    isAgent: message.out === true,
    replyToMessageId,
    sentAt: isoFromUnixSeconds(message.date),
    // Telegram marks some edits (a bot refreshing its buttons) as not to be shown as edits.
    editedAt: message.editDate && !message.editHide ? isoFromUnixSeconds(message.editDate) : null,
    parts,
    reactions: mapReactions(message.reactions, peers, customEmoji),
    mentioned: message.mentioned === true,
  };
}
