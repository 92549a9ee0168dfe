import type { ChatMsg } from '../../../shared/domain/conversation';
import type { MediaSource } from '../../messaging/port';
import { bareItem, itemOfPart, type MediaItem, type MediaOutcome, type MediaPart } from './media-item';

/** A file a message shows, and where the agent's network has it. */
export interface MessageFile {
  item: MediaItem;
  source: MediaSource;
}

/** The files of one message: its media parts (custom emoji of the text included) and custom emoji reactions. */
function filesOf(message: ChatMsg): MessageFile[] {
  const files: MessageFile[] = [];
  for (const part of message.parts) {
    if (part.kind !== 'media') continue;
    files.push({
      item: itemOfPart(part),
      source: part.customEmoji
        ? { kind: 'custom-emoji', uniqueId: part.uniqueId }
        : {
            kind: 'message',
            channelId: message.channelId,
            messageId: message.messageId,
            uniqueId: part.uniqueId,
          },
    });
  }
  for (const reaction of message.reactions) {
    if (!reaction.customEmojiId) continue;
    files.push({
      item: bareItem(reaction.customEmojiId, 'sticker', { stickerName: reaction.emoji }),
      source: { kind: 'custom-emoji', uniqueId: reaction.customEmojiId },
    });
  }
  return files;
}

/** Every file of the messages once, newest message first: a turn's budget goes to what was just sent. */
export function filesNewestFirst(messages: readonly ChatMsg[]): MessageFile[] {
  const seen = new Set<string>();
  const files: MessageFile[] = [];
  for (const message of [...messages].reverse()) {
    for (const file of filesOf(message)) {
      if (seen.has(file.item.uniqueId)) continue;
      seen.add(file.item.uniqueId);
      files.push(file);
    }
  }
  return files;
}

function applyOutcome(part: MediaPart, outcome: MediaOutcome): MediaPart {
  return { ...part, description: outcome.description, failureReason: outcome.failureReason };
}

/** The message with what is known of each of its files (outcomes by unique id). */
export function describedMessage(
  message: ChatMsg,
  outcomeOf: (uniqueId: string) => MediaOutcome | undefined,
): ChatMsg {
  const hasFiles =
    message.parts.some((part) => part.kind === 'media') ||
    message.reactions.some((reaction) => reaction.customEmojiId);
  if (!hasFiles) return message;
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (part.kind !== 'media') return part;
      const outcome = outcomeOf(part.uniqueId);
      return outcome ? applyOutcome(part, outcome) : part;
    }),
    reactions: message.reactions.map((reaction) => {
      const outcome = reaction.customEmojiId ? outcomeOf(reaction.customEmojiId) : undefined;
      return outcome ? { ...reaction, description: outcome.description } : reaction;
    }),
  };
}
