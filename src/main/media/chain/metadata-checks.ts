import type { MediaKind } from '../../../shared/domain/config';
import type { MediaItem, MediaOutcome } from './media-item';
import { emojiDescription } from './sticker-fallback';

/**
 * Telegram's animated emoji are stickers of these sets: the emoji says all there is, and their
 * files are often not downloadable, so they are described by name without asking a model.
 */
const ANIMATED_EMOJI_SETS = new Set(['animatedemojies', 'animatedemoji']);

const TIMED_KINDS: ReadonlySet<MediaKind> = new Set(['video', 'animation', 'gif', 'audio', 'sticker']);

export interface MediaLimits {
  maxDurationSeconds: number;
  maxBytes: number;
}

/**
 * What can be said about a file from what the network tells about it, before downloading: an
 * animated emoji is its emoji; a file too long or too large is not described. Null: look at it.
 */
export function metadataVerdict(item: MediaItem, limits: MediaLimits): MediaOutcome | null {
  if (item.kind === 'sticker' && ANIMATED_EMOJI_SETS.has((item.stickerSetName ?? '').toLowerCase())) {
    const emoji = item.stickerName?.trim() ?? '';
    const name = emoji ? emojiDescription(emoji) : null;
    return {
      description: `an animated emoji${emoji ? `: ${emoji}${name ? ` (${name})` : ''}` : ''}`,
      failureReason: null,
      status: 'generated',
    };
  }
  if (
    TIMED_KINDS.has(item.kind) &&
    item.durationSeconds !== null &&
    item.durationSeconds > limits.maxDurationSeconds
  ) {
    return {
      description: null,
      failureReason: `it lasts ${Math.round(item.durationSeconds)} s, longer than the ${limits.maxDurationSeconds} s that are described`,
      status: 'unsupported',
    };
  }
  if (item.fileSize !== null && item.fileSize > limits.maxBytes) {
    return {
      description: null,
      failureReason: `the file has ${(item.fileSize / 1e6).toFixed(1)} MB, more than the ${(limits.maxBytes / 1e6).toFixed(1)} MB that are described`,
      status: 'unsupported',
    };
  }
  return null;
}
