import type { MediaKind } from '../../../shared/domain/config';
import type { MessagePart } from '../../../shared/domain/conversation';
import type { ExportMedia } from './export-schema';

type MediaPart = Extract<MessagePart, { kind: 'media' }>;

/**
 * The media of an exported message as the parts a live Telegram session gives the same message,
 * key for key, so the archive's searchable text reads alike ("sticker 😀", "document report.pdf")
 * and a message archived both ways has one shape. What the export cannot say stays empty as it
 * would live before the description pipeline ran: the description, a sticker's set. The export
 * has no Telegram file ids, so media are filed under `export:<chat>/<message>`, which never
 * matches a real id and stays the same on every import. Playback length has no place in a part
 * (live sessions keep it beside the part, for the describer), so it is not kept.
 */

/** What Telegram Desktop's `media_type` says a file is, in Troupe's kinds (round videos are videos, voice notes audio). */
const MEDIA_TYPE_KINDS: Readonly<Record<string, MediaKind>> = {
  sticker: 'sticker',
  animation: 'gif',
  video_file: 'video',
  video_message: 'video',
  voice_message: 'audio',
  audio_file: 'audio',
};

/** Sticker files by extension: the export leaves out a sticker's MIME type. */
const STICKER_MIME_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  tgs: 'application/x-tgsticker',
  webm: 'video/webm',
};

/** Names Telegram Desktop makes up for files that have none (`audio_3@05-01-2023_14-03-11.ogg`). */
const MADE_UP_NAME = /^(audio|video|file|photo|story)_\d+(@\d{2}-\d{2}-\d{4}_\d{2}-\d{2}-\d{2})?\.[^.]+$/;
/** The " (2)" Telegram Desktop adds before the extension when two files share a name. */
const CLASH_SUFFIX = / \(\d+\)(?=\.[^.]+$)/;

/** A file the export left out is noted in parentheses instead of a path ("(File not included. …)"). */
function includedPath(path: string | undefined): string | null {
  if (path === undefined || path.startsWith('(')) return null;
  return path;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The file's own name, as live sessions read it from the file: none for the names the export made up. */
function fileNameOf(message: ExportMedia, path: string | null): string | null {
  const name = message.file_name ?? (path === null ? null : baseName(path).replace(CLASH_SUFFIX, ''));
  if (name === null || name.trim() === '' || MADE_UP_NAME.test(name)) return null;
  return name;
}

function extensionOf(path: string | null): string {
  if (path === null) return '';
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind by MIME type when `media_type` says nothing, as live sessions classify such documents. */
function kindByMimeType(mimeType: string | null): MediaKind {
  if (mimeType === 'image/gif') return 'gif';
  if (mimeType === 'application/x-tgsticker') return 'sticker';
  if (mimeType?.startsWith('audio/')) return 'audio';
  if (mimeType?.startsWith('video/')) return 'video';
  return 'document';
}

function documentPart(message: ExportMedia, uniqueId: string): MediaPart {
  const path = includedPath(message.file);
  const declaredMime = message.mime_type?.trim().toLowerCase() || null;
  const mediaKind =
    (message.media_type === undefined ? undefined : MEDIA_TYPE_KINDS[message.media_type]) ??
    kindByMimeType(declaredMime);
  const mimeType =
    declaredMime ?? (mediaKind === 'sticker' ? (STICKER_MIME_TYPES[extensionOf(path)] ?? null) : null);
  const part: MediaPart = {
    kind: 'media',
    mediaKind,
    uniqueId,
    description: null,
    mimeType,
    fileName: fileNameOf(message, path),
  };
  if (mediaKind === 'sticker') {
    part.stickerSetName = null;
    part.stickerSetTitle = null;
    part.stickerName = message.sticker_emoji || null;
  }
  return part;
}

/** Media Troupe cannot show (polls, places, contacts, ...), named as live sessions name them. */
function unreadableKind(message: ExportMedia): string | null {
  if (message.poll !== undefined) return 'poll';
  if (message.contact_information !== undefined) return 'contact';
  if (message.place_name !== undefined) return 'venue';
  if (message.live_location_period_seconds !== undefined) return 'live location';
  if (message.location_information !== undefined) return 'location';
  if (message.game_title !== undefined) return 'game';
  if (message.invoice_information !== undefined) return 'invoice';
  return null;
}

/** The parts a message shows besides its text: its photo or file, or a placeholder for other media. */
export function exportMediaParts(message: ExportMedia, channelId: number, messageId: number): MessagePart[] {
  const uniqueId = `export:${channelId}/${messageId}`;
  if (message.photo !== undefined) {
    // Telegram re-encodes every photo it stores as a JPEG.
    return [{ kind: 'media', mediaKind: 'photo', uniqueId, description: null, mimeType: 'image/jpeg' }];
  }
  if (message.file !== undefined || message.media_type !== undefined)
    return [documentPart(message, uniqueId)];
  const unreadable = unreadableKind(message);
  return unreadable === null ? [] : [{ kind: 'unknown', partKind: unreadable }];
}
