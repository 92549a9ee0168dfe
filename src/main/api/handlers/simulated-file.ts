import { ApiError, type ProcedureInput, type SimulatedFileKind } from '../../../shared/api';
import type { MediaKind } from '../../../shared/domain/config';
import { isImageComplete, type SniffedMedia, sniffMedia } from '../../media';
import type { PersonFileInput } from '../../simulator';

type SendFileInput = ProcedureInput<'simulator.sendFile'>;

/** Telegram takes stickers as static WEBP, animated TGS or video WEBM. */
const STICKER_MIME_TYPES = new Set(['image/webp', 'application/x-tgsticker', 'video/webm']);

interface KindRule {
  /** The kind the bytes are sniffed with as a hint. */
  hint: MediaKind;
  /** What the bytes must be, in words. */
  expected: string;
  accepts: (media: SniffedMedia) => boolean;
}

const isAudio = (media: SniffedMedia) => media.kind === 'audio';

/** What the bytes must be for each kind a person may pick; a document takes anything. */
const RULES: Record<SimulatedFileKind, KindRule> = {
  photo: { hint: 'photo', expected: 'an image', accepts: (media) => ['photo', 'gif'].includes(media.kind) },
  video: { hint: 'video', expected: 'a video', accepts: (media) => ['video', 'gif'].includes(media.kind) },
  voice: { hint: 'audio', expected: 'audio', accepts: isAudio },
  audio: { hint: 'audio', expected: 'audio', accepts: isAudio },
  document: { hint: 'document', expected: 'a file', accepts: () => true },
  sticker: {
    hint: 'sticker',
    expected: 'a WEBP image, a TGS animation or a WEBM video',
    accepts: (media) => media.kind === 'sticker' && STICKER_MIME_TYPES.has(media.mimeType),
  },
};

/** Bytes no format claims that read as UTF-8 without control bytes: a text file. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.some((byte) => byte === 0)) return false;
  try {
    // The cut at 4 KB may split a character: only its end may be incomplete.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 3));
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, and what a person would send them as, by their type. */
function describeBytes(media: SniffedMedia, bytes: Uint8Array): { what: string; sendAs: string | null } {
  const family = media.mimeType.split('/')[0];
  if (media.isLottie) return { what: 'an animated sticker', sendAs: 'a sticker' };
  if (media.mimeType === 'image/gif') return { what: 'a GIF', sendAs: 'a photo or a video' };
  if (family === 'image') return { what: 'an image', sendAs: 'a photo' };
  if (family === 'video') return { what: 'a video', sendAs: 'a video' };
  if (family === 'audio') return { what: 'audio', sendAs: 'a voice note or audio' };
  if (media.source === 'bytes') return { what: 'a document', sendAs: null };
  return { what: looksLikeText(bytes) ? 'text' : 'a file of unknown type', sendAs: null };
}

/**
 * The file a person sends, read from its bytes: the MIME type and kind come from the bytes, and
 * bytes that are not what the person picked are refused with what they are and how to send them.
 */
export async function personFileFromInput(input: SendFileInput): Promise<PersonFileInput> {
  const bytes = new Uint8Array(Buffer.from(input.dataBase64, 'base64'));
  const rule = RULES[input.kind];
  const media = await sniffMedia(bytes, {
    fileName: input.fileName,
    kind: rule.hint,
    isAudio: rule.hint === 'audio',
  });
  if (!rule.accepts(media)) {
    const { what, sendAs } = describeBytes(media, bytes);
    const type = media.source === 'bytes' ? ` (${media.mimeType})` : '';
    throw new ApiError(
      'invalid_input',
      `"${input.fileName}" is ${what}${type}, not ${rule.expected}: send it as ${sendAs ? `${sendAs} or as a document` : 'a document'}.`,
    );
  }
  if (input.kind !== 'document' && !isImageComplete(bytes, media.mimeType)) {
    throw new ApiError(
      'invalid_input',
      `"${input.fileName}" is cut short: the ${media.mimeType} image ends before its last part. Send the whole file.`,
    );
  }
  return {
    kind: input.kind === 'document' ? 'document' : media.kind,
    bytes,
    fileName: input.fileName,
    mimeType: media.mimeType,
    caption: input.caption ?? null,
    stickerEmoji: input.stickerEmoji ?? null,
    replyTo: input.replyTo ?? null,
  };
}
