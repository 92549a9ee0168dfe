import type { ChatMsg, MessagePart } from '../../shared/domain/conversation';
import type { ArchivedMessage, ArchivedMessageInput } from '../store';

/** The words a search should find a media part by: its kind, sticker, file name and description. */
function mediaWords(part: Extract<MessagePart, { kind: 'media' }>): string {
  const words = [
    part.mediaKind,
    part.stickerName,
    part.stickerSetTitle,
    part.fileName,
    part.description,
  ].filter((word): word is string => typeof word === 'string' && word.trim() !== '');
  return words.join(' ');
}

function partWords(part: MessagePart): string {
  switch (part.kind) {
    case 'text':
    case 'service':
      return part.text;
    case 'media':
      return mediaWords(part);
    case 'unknown':
      return '';
    default: {
      const unknown: never = part;
      throw new Error(`Unknown message part ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * What a search reads of a message: what people wrote, what media shows, what happened. Troupe's
 * own markers stay out, so they never match a query.
 */
export function searchableText(parts: readonly MessagePart[]): string {
  return parts
    .map(partWords)
    .filter((words) => words.trim() !== '')
    .join('\n');
}

/** A message as the archive keeps it. */
export function toArchivedMessage(message: ChatMsg): ArchivedMessageInput {
  return {
    messageId: message.messageId,
    senderId: message.senderId,
    senderName: message.senderName,
    isAgent: message.isAgent,
    replyTo: message.replyToMessageId,
    sentAt: message.sentAt,
    editedAt: message.editedAt,
    text: searchableText(message.parts),
    partsJson: JSON.stringify(message.parts),
  };
}

/** An archived message as a turn's history would show it (for summarizing from the archive). */
export function fromArchivedMessage(message: ArchivedMessage, channelId: number): ChatMsg {
  return {
    channelId,
    messageId: message.messageId,
    senderId: message.senderId,
    senderName: message.senderName,
    senderUsername: null,
    isAgent: message.isAgent,
    replyToMessageId: message.replyTo,
    sentAt: message.sentAt,
    editedAt: message.editedAt,
    parts: JSON.parse(message.partsJson) as MessagePart[],
    reactions: [],
    mentioned: false,
  };
}
