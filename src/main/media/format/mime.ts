/**
 * One spelling per media type. Telegram, file-type and the wild disagree on MIME names
 * (`image/jpg`, `audio/x-wav`, `video/vnd.avi`, ...); the cache, the describe calls and the tests
 * compare MIME strings, so every name is brought to the one used here before anyone sees it.
 */

/** Other spellings of a type, lower case, parameters stripped, to the name Troupe uses. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/apng': 'image/png',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-flac': 'audio/flac',
  'video/vnd.avi': 'video/x-msvideo',
  'video/avi': 'video/x-msvideo',
  'video/msvideo': 'video/x-msvideo',
  // WebM is a Matroska profile but keeps its own name: players and vision APIs accept video/webm.
  'video/matroska': 'video/x-matroska',
  'application/x-gzip': 'application/gzip',
  'application/x-zip-compressed': 'application/zip',
};

const MIME_SHAPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/**
 * The canonical name of a MIME type: lower case, without parameters (`; codecs=opus`), aliases
 * folded (`image/jpg` → `image/jpeg`). Null for nothing or for a string that is not a MIME type.
 */
export function normalizeMimeType(mime: string | null | undefined): string | null {
  if (mime == null) return null;
  const bare = mime.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!MIME_SHAPE.test(bare)) return null;
  return ALIASES[bare] ?? bare;
}

/** The extensions media is stored under; anything else is stored as `.bin`. */
export const STORED_EXTENSIONS = [
  '.webp',
  '.tgs',
  '.png',
  '.jpg',
  '.gif',
  '.mp4',
  '.webm',
  '.mov',
  '.avi',
  '.mp3',
  '.m4a',
  '.wav',
  '.ogg',
  '.flac',
  '.zip',
  '.bin',
] as const;
export type StoredExtension = (typeof STORED_EXTENSIONS)[number];
