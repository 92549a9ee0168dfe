import type { MediaKind } from '../../shared/domain/config';
import type { MessagePart } from '../../shared/domain/conversation';

export type MediaPart = Extract<MessagePart, { kind: 'media' }>;

/** Marks text that stands for media, so the model never takes it for words someone wrote. */
const MEDIA_MARKER = '⟦media⟧';

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** The noun for a kind of media, with its article. */
function mediaNoun(kind: MediaKind): string {
  switch (kind) {
    case 'photo':
      return 'a photo';
    case 'sticker':
      return 'a sticker';
    case 'gif':
      return 'a GIF';
    case 'animation':
      return 'an animation';
    case 'video':
      return 'a video';
    case 'audio':
      return 'an audio clip';
    case 'document':
      return 'a document';
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

/** How a description is introduced: audio is heard, everything else is seen. */
function perceptionVerb(kind: MediaKind): string {
  return kind === 'audio' ? 'sounds like' : 'shows';
}

/** Which sticker this is: its emoji or name, then the set's title and short name when known. */
function stickerSubject(part: MediaPart): string {
  const name = isBlank(part.stickerName) ? '' : ` ${part.stickerName!.trim()}`;
  const shortName = isBlank(part.stickerSetName) ? null : part.stickerSetName!.trim();
  const title = isBlank(part.stickerSetTitle) ? null : part.stickerSetTitle!.trim();
  let set: string;
  if (title !== null && shortName !== null && title !== shortName) set = `the set "${title}" (${shortName})`;
  else if (title !== null || shortName !== null) set = `the set "${title ?? shortName}"`;
  else set = 'an unknown set';
  return `a sticker${name} from ${set}`;
}

/** Documents say which file they are, since the name often tells more than the contents. */
function documentSubject(part: MediaPart): string {
  if (!isBlank(part.fileName)) return `a document named "${part.fileName!.trim()}"`;
  if (!isBlank(part.mimeType)) return `a document (${part.mimeType!.trim()})`;
  return 'a document';
}

/** A custom emoji in the text: the emoji it stands for tells what it is about. */
function customEmojiSubject(part: MediaPart): string {
  return isBlank(part.stickerName) ? 'a custom emoji' : `a custom emoji ${part.stickerName!.trim()}`;
}

function subject(part: MediaPart): string {
  if (part.customEmoji) return customEmojiSubject(part);
  if (part.mediaKind === 'sticker') return stickerSubject(part);
  if (part.mediaKind === 'document') return documentSubject(part);
  return mediaNoun(part.mediaKind);
}

/**
 * One media item as a sentence the model can read in place of the file:
 * - described: `⟦media⟧ ‹a photo that shows a harbour at dusk›` (audio "sounds like"), stickers
 *   naming their emoji and set, documents their file;
 * - the description pipeline failed with a reason: `… that could not be analyzed (reason)`;
 * - it ran but produced nothing (a blank description or reason): `… that is not understood`;
 * - not described yet (no description, no failure): the placeholder `⟦photo present uid=…⟧`,
 *   so the model knows something is there without guessing what.
 */
export function describeMediaPart(part: MediaPart): string {
  const described = !isBlank(part.description);
  const failed = !isBlank(part.failureReason);
  const producedNothing = part.description != null || part.failureReason != null;
  if (!described && !failed && !producedNothing) {
    return `⟦${part.mediaKind} present uid=${part.uniqueId}⟧`;
  }
  let outcome: string;
  if (described) outcome = `${perceptionVerb(part.mediaKind)} ${part.description!.trim()}`;
  else if (failed) outcome = `could not be analyzed (${part.failureReason!.trim()})`;
  else outcome = 'is not understood';
  return `${MEDIA_MARKER} ‹${subject(part)} that ${outcome}›`;
}
