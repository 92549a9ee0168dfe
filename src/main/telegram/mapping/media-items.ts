import { Api } from 'telegram';
import type { MessagePart } from '../../../shared/domain/conversation';
import { classifyDocument } from './document-kind';
import { fileUniqueId } from './file-unique-id';
import { type StickerSetInput, type StickerSetLookup, stickerSetOf } from './sticker-sets';
import { tlClassWords } from './tl-class-words';

export type MediaPart = Extract<MessagePart, { kind: 'media' }>;
export type UnknownPart = Extract<MessagePart, { kind: 'unknown' }>;

/** One file a message carries, as Troupe's part plus what the description pipeline needs. */
export interface TelegramMediaItem {
  part: MediaPart;
  /** Playback length in seconds (video, audio, GIFs, video stickers); null when not given. */
  durationSeconds: number | null;
  /** The file itself, for downloading it. */
  file: Api.Photo | Api.Document;
}

/** What a message shows besides its text: files, or a placeholder for media Troupe cannot read. */
export type MessageMediaContent = TelegramMediaItem | UnknownPart;

export function isMediaItem(content: MessageMediaContent): content is TelegramMediaItem {
  return 'file' in content;
}

/** Names for the media Troupe cannot show, as the model will read them (`⟦poll part⟧`). */
const UNREADABLE_MEDIA: Readonly<Record<string, string>> = {
  MessageMediaGeo: 'location',
  MessageMediaGeoLive: 'live location',
  MessageMediaVenue: 'venue',
  MessageMediaContact: 'contact',
  MessageMediaPoll: 'poll',
  MessageMediaDice: 'dice',
  MessageMediaGame: 'game',
  MessageMediaInvoice: 'invoice',
  MessageMediaStory: 'story',
  MessageMediaGiveaway: 'giveaway',
  MessageMediaGiveawayResults: 'giveaway results',
  MessageMediaPaidMedia: 'paid media',
  MessageMediaUnsupported: 'unsupported media',
};

function unknownPart(partKind: string): UnknownPart {
  return { kind: 'unknown', partKind };
}

function isFile(value: unknown): value is Api.Photo | Api.Document {
  return value instanceof Api.Photo || value instanceof Api.Document;
}

/**
 * The files a message carries, where Telegram's clients would show them: the photo or document
 * of its media, the photo and document of a link preview, the new photo of a "changed the group
 * photo" event. Alternative encodings of a video (`altDocuments`) are the same video and are
 * left out. Media that self-destructed (no photo or document left) and media that is not a file
 * (polls, locations, ...) become unknown parts.
 */
function carriedMedia(message: Api.Message | Api.MessageService): (Api.Photo | Api.Document | UnknownPart)[] {
  if (message instanceof Api.MessageService) {
    const { action } = message;
    return action instanceof Api.MessageActionChatEditPhoto && isFile(action.photo) ? [action.photo] : [];
  }
  const { media } = message;
  if (media == null || media instanceof Api.MessageMediaEmpty) return [];
  if (media instanceof Api.MessageMediaPhoto) {
    return [isFile(media.photo) ? media.photo : unknownPart('expired photo')];
  }
  if (media instanceof Api.MessageMediaDocument) {
    return [isFile(media.document) ? media.document : unknownPart('expired file')];
  }
  if (media instanceof Api.MessageMediaWebPage) {
    const page = media.webpage;
    return page instanceof Api.WebPage ? [page.photo, page.document].filter(isFile) : [];
  }
  return [unknownPart(UNREADABLE_MEDIA[media.className] ?? tlClassWords(media.className, 'MessageMedia'))];
}

/** The size of the largest version of a photo, the one a download fetches. */
export function largestPhotoBytes(photo: Api.Photo): number | null {
  let largest: number | null = null;
  for (const size of photo.sizes) {
    const bytes =
      size instanceof Api.PhotoSize
        ? size.size
        : size instanceof Api.PhotoSizeProgressive
          ? Math.max(...size.sizes)
          : null;
    if (bytes !== null && (largest === null || bytes > largest)) largest = bytes;
  }
  return largest;
}

function photoItem(photo: Api.Photo): TelegramMediaItem {
  return {
    // Telegram re-encodes every photo it stores as a JPEG.
    part: {
      kind: 'media',
      mediaKind: 'photo',
      uniqueId: fileUniqueId(photo),
      description: null,
      mimeType: 'image/jpeg',
      fileSize: largestPhotoBytes(photo),
    },
    durationSeconds: null,
    file: photo,
  };
}

function documentItem(document: Api.Document, stickerSets: StickerSetLookup): TelegramMediaItem {
  const traits = classifyDocument(document);
  const part: MediaPart = {
    kind: 'media',
    mediaKind: traits.mediaKind,
    uniqueId: fileUniqueId(document),
    description: null,
    mimeType: traits.mimeType,
    fileName: traits.fileName,
    durationSeconds: traits.durationSeconds,
    fileSize: document.size.toJSNumber(),
  };
  if (traits.mediaKind === 'sticker') {
    const set = traits.sticker === null ? null : stickerSetOf(traits.sticker, stickerSets);
    part.stickerSetName = set?.shortName ?? null;
    part.stickerSetTitle = set?.title ?? null;
    part.stickerName = traits.sticker?.alt || null;
  }
  return { part, durationSeconds: traits.durationSeconds, file: document };
}

/**
 * Everything a message shows besides its text, in order, each file once even when Telegram
 * lists it in two places (a link preview whose photo is also its document, say).
 */
export function messageMediaContent(
  message: Api.Message | Api.MessageService,
  stickerSets: StickerSetLookup,
): MessageMediaContent[] {
  const seen = new Set<string>();
  const contents: MessageMediaContent[] = [];
  for (const carried of carriedMedia(message)) {
    if (!isFile(carried)) {
      contents.push(carried);
      continue;
    }
    const uniqueId = fileUniqueId(carried);
    if (seen.has(uniqueId)) continue;
    seen.add(uniqueId);
    contents.push(carried instanceof Api.Photo ? photoItem(carried) : documentItem(carried, stickerSets));
  }
  return contents;
}

/**
 * The sticker sets a message's stickers refer to, for the caller to resolve (and cache) before
 * mapping the message, so its stickers get their set's short name and title.
 */
export function stickerSetInputsOf(message: Api.Message | Api.MessageService): StickerSetInput[] {
  const inputs: StickerSetInput[] = [];
  for (const carried of carriedMedia(message)) {
    if (!(carried instanceof Api.Document)) continue;
    const set = classifyDocument(carried).sticker?.stickerset;
    if (set instanceof Api.InputStickerSetID || set instanceof Api.InputStickerSetShortName) inputs.push(set);
  }
  return inputs;
}
