import type { MediaKind } from '../../../shared/domain/config';

/** How the console draws a file: what element plays it. */
export type MediaDisplay = 'image' | 'tgs' | 'loop' | 'video' | 'audio' | 'document';

const TGS_MIME = 'application/x-tgsticker';

/**
 * What draws a file of this kind and type. The type (from the bytes, or what the network said)
 * wins over the kind: a "GIF" from Telegram is usually an MP4, a sticker is a WEBP picture, a
 * WEBM video or a TGS animation.
 */
export function mediaDisplay(kind: MediaKind, mimeType: string | null | undefined): MediaDisplay {
  const mime = mimeType?.toLowerCase() ?? '';
  if (mime === TGS_MIME) return 'tgs';
  switch (kind) {
    case 'photo':
      return 'image';
    case 'sticker':
      return mime.startsWith('video/') ? 'loop' : 'image';
    case 'gif':
    case 'animation':
      return mime.startsWith('image/') ? 'image' : 'loop';
    case 'video':
      return mime.startsWith('image/') ? 'image' : 'video';
    case 'audio':
      return 'audio';
    case 'document':
      return 'document';
    default:
      return kind satisfies never;
  }
}

/** What the agent was told the file shows, as the tooltip over it says. */
export function mediaHint(description: string | null | undefined, failureReason?: string | null): string {
  if (description) return description;
  if (failureReason) return `Could not be analyzed (${failureReason})`;
  return 'Not described yet';
}

/** A file size for people: "812 B", "14 KB", "3.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "0:07", "12:30": a playing time. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
