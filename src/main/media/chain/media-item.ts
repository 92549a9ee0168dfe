import type { MediaKind, MediaStatus } from '../../../shared/domain/config';
import type { MessagePart } from '../../../shared/domain/conversation';
import type { MediaSource } from '../../messaging/port';

export type MediaPart = Extract<MessagePart, { kind: 'media' }>;

/** What the description chain knows about a file before looking at it (from the network). */
export interface MediaItem {
  uniqueId: string;
  kind: MediaKind;
  /** The network's MIME type: a hint, the bytes decide. */
  mimeType: string | null;
  fileName: string | null;
  durationSeconds: number | null;
  fileSize: number | null;
  stickerSetName: string | null;
  stickerSetTitle: string | null;
  /** A sticker's emoji or name. */
  stickerName: string | null;
}

/** Who looks at the file and where it is: the agent's account downloads it, its chat pays. */
export interface MediaContext {
  agent: string;
  /** The conversation the cost is booked to; null for the agent's own library. */
  channelId: number | null;
  source: MediaSource;
}

/** What the agent is told about a file. */
export interface MediaOutcome {
  description: string | null;
  failureReason: string | null;
  /** Null: nothing is known yet (not described, nothing failed). */
  status: MediaStatus | null;
}

/** An item known by its id and kind only, plus what the caller knows besides. */
export function bareItem(uniqueId: string, kind: MediaKind, known: Partial<MediaItem> = {}): MediaItem {
  return {
    uniqueId,
    kind,
    mimeType: null,
    fileName: null,
    durationSeconds: null,
    fileSize: null,
    stickerSetName: null,
    stickerSetTitle: null,
    stickerName: null,
    ...known,
  };
}

export function itemOfPart(part: MediaPart): MediaItem {
  return {
    uniqueId: part.uniqueId,
    kind: part.mediaKind,
    mimeType: part.mimeType ?? null,
    fileName: part.fileName ?? null,
    durationSeconds: part.durationSeconds ?? null,
    fileSize: part.fileSize ?? null,
    stickerSetName: part.stickerSetName ?? null,
    stickerSetTitle: part.stickerSetTitle ?? null,
    stickerName: part.stickerName ?? null,
  };
}
