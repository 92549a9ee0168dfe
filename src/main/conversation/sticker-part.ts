import type { MessagePart, StickerRef } from '../../shared/domain/conversation';

/** A sticker of the agent's sets as a message part, described as its set describes it. */
export function stickerPart(sticker: StickerRef): MessagePart {
  return {
    kind: 'media',
    mediaKind: 'sticker',
    uniqueId: sticker.uniqueId,
    description: sticker.description,
    stickerSetName: sticker.setName,
    stickerSetTitle: sticker.setTitle,
    stickerName: sticker.name,
  };
}
