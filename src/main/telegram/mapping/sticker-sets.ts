import { Api } from 'telegram';
import type { StickerRef } from '../../../shared/domain/conversation';
import { fileUniqueId } from './file-unique-id';

/** The reference a sticker carries to its set: by id (usual) or, rarely, by short name. */
export type StickerSetInput = Api.InputStickerSetID | Api.InputStickerSetShortName;

export interface KnownStickerSet {
  shortName: string;
  title: string | null;
}

/**
 * The caller's knowledge of sticker sets (its cache of `messages.getStickerSet` answers). Most
 * stickers name their set only by id, and resolving one is a network call, which a pure mapper
 * leaves to the adapter: it resolves `stickerSetInputsOf(message)` first, then maps.
 */
export type StickerSetLookup = (set: StickerSetInput) => KnownStickerSet | null;

/** The set's short name and title as far as the sticker and the lookup tell them. */
export function stickerSetOf(
  sticker: Api.DocumentAttributeSticker,
  lookup: StickerSetLookup,
): { shortName: string | null; title: string | null } {
  const set = sticker.stickerset;
  if (!(set instanceof Api.InputStickerSetID || set instanceof Api.InputStickerSetShortName)) {
    return { shortName: null, title: null };
  }
  const known = lookup(set);
  if (known !== null) return known;
  return { shortName: set instanceof Api.InputStickerSetShortName ? set.shortName : null, title: null };
}

/**
 * Premium stickers come with a full-screen effect animation, a video thumbnail of type "f";
 * accounts without Premium cannot send them.
 */
export function isPremiumSticker(document: Api.TypeDocument): boolean {
  if (!(document instanceof Api.Document)) return false;
  return (document.videoThumbs ?? []).some((thumb) => thumb instanceof Api.VideoSize && thumb.type === 'f');
}

function isStickerAttribute(entry: Api.TypeDocumentAttribute): entry is Api.DocumentAttributeSticker {
  return entry instanceof Api.DocumentAttributeSticker;
}

export interface StickerRefOptions {
  /** Keep premium stickers (the account has Premium). */
  includePremium: boolean;
  /** A known description of a sticker, by unique id (the media records); null when none. */
  describe?: (uniqueId: string) => string | null;
}

/**
 * The sendable stickers of a set, each named by its emoji (the sticker attribute's `alt`, else
 * the set's emoji packs, else `sticker_<id>`). Agents pick stickers by set and emoji, so only
 * the first sticker of each emoji is kept: the one Telegram lists first for that emoji.
 */
export function stickerRefsFromSet(
  response: Api.messages.TypeStickerSet,
  options: StickerRefOptions,
): StickerRef[] {
  if (!(response instanceof Api.messages.StickerSet)) return [];
  const { set } = response;
  const packEmoji = new Map<string, string>();
  for (const pack of response.packs) {
    for (const id of pack.documents) {
      if (!packEmoji.has(id.toString())) packEmoji.set(id.toString(), pack.emoticon);
    }
  }
  const byName = new Map<string, StickerRef>();
  for (const document of response.documents) {
    if (!(document instanceof Api.Document)) continue;
    if (!options.includePremium && isPremiumSticker(document)) continue;
    const uniqueId = fileUniqueId(document);
    const alt = document.attributes.find(isStickerAttribute)?.alt;
    const name = alt || packEmoji.get(uniqueId) || `sticker_${uniqueId}`;
    if (byName.has(name)) continue;
    byName.set(name, {
      setName: set.shortName,
      setTitle: set.title || null,
      name,
      uniqueId,
      description: options.describe?.(uniqueId) ?? null,
    });
  }
  return [...byName.values()];
}
