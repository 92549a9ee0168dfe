import { Api } from 'telegram';
import type { MediaKind } from '../../../shared/domain/config';

/** What a Telegram document is, read from its attributes and MIME type. */
export interface DocumentTraits {
  mediaKind: MediaKind;
  mimeType: string | null;
  fileName: string | null;
  /** Seconds of playback for video, audio and animations; null when Telegram gives none. */
  durationSeconds: number | null;
  /** Present on stickers: the emoji and the set they belong to. */
  sticker: Api.DocumentAttributeSticker | null;
}

function attribute<T extends Api.TypeDocumentAttribute>(
  document: Api.Document,
  type: abstract new (...args: never[]) => T,
): T | null {
  return (document.attributes.find((entry) => entry instanceof type) as T | undefined) ?? null;
}

/**
 * Classifies a document the way Telegram's clients show it. Attributes win over the MIME type,
 * in this order: a sticker attribute makes any file a sticker (static WEBP, animated TGS, video
 * WEBM); the animated attribute (or a GIF file) makes it a GIF, which Telegram stores as a
 * silent MP4 yet shows as a GIF; then audio (music and voice notes alike), then video (round
 * video notes too). Without such attributes the MIME type decides, and anything else is a
 * document.
 */
export function classifyDocument(document: Api.Document): DocumentTraits {
  const mimeType = document.mimeType?.trim().toLowerCase() || null;
  const sticker = attribute(document, Api.DocumentAttributeSticker);
  const video = attribute(document, Api.DocumentAttributeVideo);
  const audio = attribute(document, Api.DocumentAttributeAudio);
  const traits = {
    mimeType,
    fileName: attribute(document, Api.DocumentAttributeFilename)?.fileName || null,
    sticker,
  };
  const videoDuration = video?.duration ?? null;
  if (sticker !== null) return { ...traits, mediaKind: 'sticker', durationSeconds: videoDuration };
  if (attribute(document, Api.DocumentAttributeAnimated) !== null || mimeType === 'image/gif') {
    return { ...traits, mediaKind: 'gif', durationSeconds: videoDuration };
  }
  if (audio !== null) return { ...traits, mediaKind: 'audio', durationSeconds: audio.duration ?? null };
  if (video !== null) return { ...traits, mediaKind: 'video', durationSeconds: videoDuration };
  if (mimeType === 'application/x-tgsticker')
    return { ...traits, mediaKind: 'sticker', durationSeconds: null };
  if (mimeType?.startsWith('audio/')) return { ...traits, mediaKind: 'audio', durationSeconds: null };
  if (mimeType?.startsWith('video/')) return { ...traits, mediaKind: 'video', durationSeconds: null };
  return { ...traits, mediaKind: 'document', durationSeconds: null };
}
