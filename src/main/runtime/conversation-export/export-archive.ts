import type { Zippable } from 'fflate';

/**
 * The export's zip. fflate: already in the tree (fast-png decodes with it), dependency-free,
 * maintained, and synchronous zipping of an in-memory page and its media is all this needs.
 */

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'application/pdf': 'pdf',
  'application/x-tgsticker': 'tgs',
  'application/json': 'json',
  'text/plain': 'txt',
};

/** A file name's extension when it is a plain one (letters and digits), lower case; else null. */
function extensionOf(fileName: string | null | undefined): string | null {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Where a message's file goes in the zip: `media/<message id>-<part index>.<ext>`, the extension
 * from its type, else from its original name, else `bin`. Made only of ids, so no name from a
 * chat can reach outside `media/`.
 */
export function mediaEntryName(
  messageId: number,
  partIndex: number,
  mimeType: string,
  fileName?: string | null,
): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  const extension = EXTENSIONS[type] ?? extensionOf(fileName) ?? 'bin';
  return `media/${messageId}-${partIndex}.${extension}`;
}

/** The download's name: `<agent>-<chat title>-<YYYY-MM-DD>.zip`, with what file systems refuse replaced. */
export function exportFileName(agentName: string, chatTitle: string, day: string): string {
  const clean = (text: string) =>
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'chat';
  return `${clean(agentName)}-${clean(chatTitle)}-${day}.zip`;
}

/**
 * The page as `index.html` and each media file under its entry name; media stored as they are
 * (already compressed). fflate is loaded with the first export, not when the runtime starts.
 */
export async function zipExport(html: string, media: ReadonlyMap<string, Uint8Array>): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate');
  const entries: Zippable = { 'index.html': [strToU8(html), { level: 6 }] };
  for (const [name, bytes] of media) entries[name] = [bytes, { level: 0 }];
  return zipSync(entries);
}
