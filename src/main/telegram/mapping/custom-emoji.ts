import { Api } from 'telegram';
import type { MessagePart } from '../../../shared/domain/conversation';
import { fileUniqueId } from './file-unique-id';

/** The custom emoji documents known so far, by document id (see CustomEmojiLibrary). */
export type CustomEmojiLookup = (documentId: string) => Api.Document | null;

type MediaPart = Extract<MessagePart, { kind: 'media' }>;

function reactionsOf(message: Api.Message | Api.MessageService): Api.TypeReaction[] {
  if (!(message instanceof Api.Message) || !message.reactions) return [];
  const { reactions } = message;
  return [
    ...(reactions.recentReactions ?? []).map((reactor) => reactor.reaction),
    ...reactions.results.map((count) => count.reaction),
  ];
}

/**
 * The custom emoji a message shows, in its text and its reactions, as document ids: the caller
 * fetches the ones it does not know yet (messages.getCustomEmojiDocuments) before mapping, so
 * they can be named and described.
 */
export function customEmojiIdsOf(message: Api.Message | Api.MessageService): string[] {
  const ids = new Set<string>();
  if (message instanceof Api.Message) {
    for (const entity of message.entities ?? []) {
      if (entity instanceof Api.MessageEntityCustomEmoji) ids.add(entity.documentId.toString());
    }
  }
  for (const reaction of reactionsOf(message)) {
    if (reaction instanceof Api.ReactionCustomEmoji) ids.add(reaction.documentId.toString());
  }
  return [...ids];
}

/** The plain emoji a custom emoji stands for, from its document; null when unknown. */
export function customEmojiAlt(document: Api.Document | null): string | null {
  const attribute = document?.attributes.find(
    (entry): entry is Api.DocumentAttributeCustomEmoji => entry instanceof Api.DocumentAttributeCustomEmoji,
  );
  return attribute?.alt || null;
}

/**
 * A part per custom emoji in the text (each once), after the text itself, so the model is told
 * what the pictures show: the text only carries the plain emoji each stands for. A document not
 * fetched yet still gives its id (enough to download and describe it later) and the text's emoji.
 */
export function customEmojiParts(message: Api.Message, lookup: CustomEmojiLookup): MediaPart[] {
  const parts: MediaPart[] = [];
  const seen = new Set<string>();
  for (const entity of message.entities ?? []) {
    if (!(entity instanceof Api.MessageEntityCustomEmoji)) continue;
    const documentId = entity.documentId.toString();
    if (seen.has(documentId)) continue;
    seen.add(documentId);
    const document = lookup(documentId);
    const shown = message.message.slice(entity.offset, entity.offset + entity.length);
    parts.push({
      kind: 'media',
      mediaKind: 'sticker',
      uniqueId: document ? fileUniqueId(document) : documentId,
      description: null,
      mimeType: document?.mimeType ?? null,
      fileSize: document ? document.size.toJSNumber() : null,
      stickerName: customEmojiAlt(document) ?? (shown || null),
      customEmoji: true,
    });
  }
  return parts;
}
