import type { ChatMsg, MessagePart, Reaction } from '../../shared/domain/conversation';
import { describeMediaPart } from './media-sentence';

/**
 * Markers in ⟦ ⟧ brackets set what Troupe adds apart from what people wrote; the shipped
 * Instructions prompt tells the model they are ours and never to write them itself.
 */
export const METADATA_MARKER = '⟦metadata⟧';
export const REACTIONS_MARKER = '⟦reactions⟧';
export const SPECIAL_MARKER = '⟦special⟧';

/** A quoted value that stays one token of the header whatever the name holds (quotes, newlines). */
function quoted(value: string): string {
  return JSON.stringify(value);
}

/**
 * `⟦metadata⟧ sender="Name" sender_id=1 username=@u message_id=5 reply_to_msg_id=3 time="…"`,
 * leaving out what the message does not have.
 */
export function formatMetadataHeader(message: ChatMsg, formatTime: (instant: Date) => string): string {
  const fields = [METADATA_MARKER];
  if (message.senderName) fields.push(`sender=${quoted(message.senderName)}`);
  if (message.senderId != null) fields.push(`sender_id=${message.senderId}`);
  const username = message.senderUsername?.replace(/^@/, '');
  if (username) fields.push(`username=@${username}`);
  fields.push(`message_id=${message.messageId}`);
  if (message.replyToMessageId != null) fields.push(`reply_to_msg_id=${message.replyToMessageId}`);
  const sentAt = new Date(message.sentAt);
  if (!Number.isNaN(sentAt.getTime())) fields.push(`time=${quoted(formatTime(sentAt))}`);
  return fields.join(' ');
}

/** A reaction's emoji; a custom one says what it shows when that is known. */
function reactionEmoji(reaction: Reaction): string {
  const description = reaction.description?.trim();
  if (!reaction.customEmojiId) return reaction.emoji;
  return description
    ? `${reaction.emoji} (a custom emoji that shows ${description})`
    : `${reaction.emoji} (a custom emoji)`;
}

/**
 * `⟦reactions⟧ "Name"(id)=👍, "Other"(id)=❤`, or null when nobody reacted. A custom emoji adds
 * what it shows: `=😺 (a custom emoji that shows a cat waving)`.
 */
export function formatReactionsLine(reactions: readonly Reaction[]): string | null {
  if (reactions.length === 0) return null;
  const entries = reactions.map(
    (reaction) => `${quoted(reaction.userName)}(${reaction.userId})=${reactionEmoji(reaction)}`,
  );
  return `${REACTIONS_MARKER} ${entries.join(', ')}`;
}

/** One content part as text, or null for text with nothing in it (a media message without caption). */
export function renderContentPart(part: MessagePart): string | null {
  switch (part.kind) {
    case 'text':
      return part.text.trim() === '' ? null : part.text;
    case 'service':
      return `${SPECIAL_MARKER} ${part.text}`;
    case 'media':
      return describeMediaPart(part);
    case 'unknown':
      return `⟦${part.partKind} part⟧`;
    default: {
      const unhandled: never = part;
      throw new Error(`Unhandled message part ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Everything the model sees of one message: header, reactions, then its parts in order. */
export function renderMessageParts(message: ChatMsg, formatTime: (instant: Date) => string): string[] {
  const parts = [formatMetadataHeader(message, formatTime)];
  const reactions = formatReactionsLine(message.reactions);
  if (reactions !== null) parts.push(reactions);
  for (const part of message.parts) {
    const rendered = renderContentPart(part);
    if (rendered !== null) parts.push(rendered);
  }
  return parts;
}
