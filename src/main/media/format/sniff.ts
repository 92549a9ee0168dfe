/**
 * What a piece of media really is, read from its bytes. Telegram's MIME type and kind are what
 * the sender's client claimed (a `.jpg` that is a PNG, a "GIF" that is an MP4, a TGS labelled
 * `application/octet-stream`), so they are only hints: used when the bytes are not recognized,
 * to tell MP4 audio from MP4 video, and to keep the kind Telegram shows (sticker, GIF).
 *
 * Signatures come from `file-type`: it is the maintained, dependency-light magic-number library
 * for Node (ISO-BMFF brands, RIFF, EBML doc types, Ogg codecs, MP3 frame sync), reads a buffer
 * without touching the file system, and is what most of npm uses, so its edge cases are known.
 * The one format it cannot tell apart, a TGS inside gzip, is checked here with a bounded gunzip.
 */
import type { MediaKind } from '../../../shared/domain/config';
import { isLottieGzip } from './lottie';
import { normalizeMimeType, type StoredExtension } from './mime';

export interface MediaHints {
  mimeType?: string | null;
  fileName?: string | null;
  kind?: MediaKind | null;
  /** Telegram's audio attribute says voice/audio. */
  isAudio?: boolean;
}

export interface SniffedMedia {
  /** Canonical MIME type (see normalizeMimeType). */
  mimeType: string;
  /** The extension to store the bytes under, with its dot. */
  extension: StoredExtension;
  kind: MediaKind;
  /** Gzipped Lottie (TGS): render it with renderLottieFrames. */
  isLottie: boolean;
  /** Where the answer came from; 'hint' when the bytes were not recognized. */
  source: 'bytes' | 'hint';
}

/** How a format is used: which kind it becomes, and what the hints may change. */
type Family = 'image' | 'gif' | 'video' | 'mp4' | 'audio' | 'lottie' | 'other';

interface Format {
  mimeType: string;
  extension: StoredExtension;
  family: Family;
}

const format = (mimeType: string, extension: StoredExtension, family: Family): Format => ({
  mimeType,
  extension,
  family,
});

const MP4_VIDEO = format('video/mp4', '.mp4', 'mp4');
const MP4_AUDIO = format('audio/mp4', '.m4a', 'audio');
const OGG_AUDIO = format('audio/ogg', '.ogg', 'audio');
const OGG_VIDEO = format('video/ogg', '.ogg', 'video');
const TGS = format('application/x-tgsticker', '.tgs', 'lottie');

/** file-type's extension → the format Troupe stores. Unlisted formats are documents (`.bin`). */
const FORMATS: Readonly<Record<string, Format>> = {
  png: format('image/png', '.png', 'image'),
  apng: format('image/png', '.png', 'image'),
  jpg: format('image/jpeg', '.jpg', 'image'),
  webp: format('image/webp', '.webp', 'image'),
  gif: format('image/gif', '.gif', 'gif'),
  // ISO-BMFF: file-type reads the major brand; `qt` is QuickTime, `M4A`/`M4B` are audio.
  mp4: MP4_VIDEO,
  m4v: MP4_VIDEO,
  m4p: MP4_VIDEO,
  f4v: MP4_VIDEO,
  f4p: MP4_VIDEO,
  '3gp': MP4_VIDEO,
  '3g2': MP4_VIDEO,
  mov: format('video/quicktime', '.mov', 'video'),
  m4a: MP4_AUDIO,
  m4b: MP4_AUDIO,
  f4a: MP4_AUDIO,
  f4b: MP4_AUDIO,
  webm: format('video/webm', '.webm', 'video'),
  // No `.mkv` is stored; WebM is a Matroska profile, so the same demuxers read it as `.webm`.
  mkv: format('video/x-matroska', '.webm', 'video'),
  avi: format('video/x-msvideo', '.avi', 'video'),
  mp3: format('audio/mpeg', '.mp3', 'audio'),
  opus: OGG_AUDIO,
  ogg: OGG_AUDIO,
  oga: OGG_AUDIO,
  spx: OGG_AUDIO,
  ogv: OGG_VIDEO,
  ogm: OGG_VIDEO,
  flac: format('audio/flac', '.flac', 'audio'),
  wav: format('audio/wav', '.wav', 'audio'),
  zip: format('application/zip', '.zip', 'other'),
};

/** ZIP containers file-type names by content (docx, epub, apk, ...) are still ZIP files. */
const ZIP_CONTAINERS = new Set(['docx', 'xlsx', 'pptx', 'epub', 'odt', 'ods', 'odp', 'jar', 'apk', 'xpi']);

const AUDIO_FILE_NAME = /\.(m4a|m4b)$/i;

/** Whether the hints say an MP4 holds sound only (music, a voice note sent as a file). */
function hintsAudio(hints: MediaHints): boolean {
  return (
    hints.isAudio === true ||
    hints.kind === 'audio' ||
    normalizeMimeType(hints.mimeType)?.startsWith('audio/') === true ||
    AUDIO_FILE_NAME.test(hints.fileName ?? '')
  );
}

/** The format of recognized bytes, or null when file-type does not know them. */
async function formatOfBytes(bytes: Uint8Array): Promise<Format | null> {
  // Loaded with the first media looked at: a runtime that never handles a file does not hold it.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected === undefined) return null;
  if (detected.ext === 'gz' || detected.ext === 'tar.gz') {
    return (await isLottieGzip(bytes)) ? TGS : format('application/gzip', '.bin', 'other');
  }
  const known = FORMATS[detected.ext];
  if (known !== undefined) return known;
  const mimeType = normalizeMimeType(detected.mime) ?? 'application/octet-stream';
  return format(mimeType, ZIP_CONTAINERS.has(detected.ext) ? '.zip' : '.bin', 'other');
}

/**
 * The kind the bytes make. A sticker hint keeps any visual format a sticker (static WEBP, TGS,
 * video WEBM); Telegram sends GIFs and animations as silent MP4s, so video keeps those hints.
 */
function kindOf(family: Family, hint: MediaKind | null | undefined): MediaKind {
  switch (family) {
    case 'lottie':
      return 'sticker';
    case 'image':
      return hint === 'sticker' ? 'sticker' : 'photo';
    case 'gif':
      return hint === 'sticker' ? 'sticker' : 'gif';
    case 'video':
    case 'mp4':
      return hint === 'sticker' || hint === 'gif' || hint === 'animation' ? hint : 'video';
    case 'audio':
      return 'audio';
    default:
      return 'document';
  }
}

/**
 * Identifies media by its bytes; the hints only fill in what bytes cannot say (see the module
 * comment). Unrecognized bytes are a document under the hint's MIME type (or
 * `application/octet-stream`), stored as `.bin`.
 */
export async function sniffMedia(bytes: Uint8Array, hints: MediaHints): Promise<SniffedMedia> {
  let found = await formatOfBytes(bytes);
  if (found === null) {
    return {
      mimeType: normalizeMimeType(hints.mimeType) ?? 'application/octet-stream',
      extension: '.bin',
      kind: 'document',
      isLottie: false,
      source: 'hint',
    };
  }
  if (found.family === 'mp4' && hintsAudio(hints)) found = MP4_AUDIO;
  return {
    mimeType: found.mimeType,
    extension: found.extension,
    kind: kindOf(found.family, hints.kind),
    isLottie: found.family === 'lottie',
    source: 'bytes',
  };
}
