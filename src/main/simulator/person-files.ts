import { createHash } from 'node:crypto';
import { simulatedFileSizeProblem } from '../../shared/api/conversation-contract';
import type { MediaKind } from '../../shared/domain/config';
import type { MessagePart } from '../../shared/domain/conversation';
import type { SimulatorFile } from '../store';
import { SimulatorInputError } from './simulator-errors';
import { checkedPersonText } from './simulator-inputs';

/** A file a person sends, as the caller read it (its type from its bytes). */
export interface PersonFileInput {
  kind: MediaKind;
  bytes: Uint8Array;
  fileName?: string | null;
  mimeType?: string | null;
  /** Playback length, for video and voice notes. */
  durationSeconds?: number | null;
  /** Text sent with the file. */
  caption?: string | null;
  /** A sticker's emoji, and the set it claims to be from. */
  stickerEmoji?: string | null;
  stickerSetName?: string | null;
  replyTo?: number | null;
}

/**
 * The unique id of a file sent in the Simulator: from its content, as Telegram gives one file one
 * id however often it is sent, so the description chain describes it once.
 */
export function simulatedFileId(bytes: Uint8Array): string {
  return `sim${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`;
}

/** The message parts and the stored file of a person's file message; refuses what Telegram would. */
export function personFileMessage(input: PersonFileInput): { parts: MessagePart[]; file: SimulatorFile } {
  const sizeProblem = simulatedFileSizeProblem(input.bytes.byteLength);
  if (sizeProblem) throw new SimulatorInputError(sizeProblem);
  if (input.kind === 'sticker' && input.caption?.trim()) {
    throw new SimulatorInputError('A sticker is sent without text.');
  }
  const uniqueId = simulatedFileId(input.bytes);
  const fileName = input.fileName?.trim() || null;
  const mimeType = input.mimeType?.trim() || null;
  const media: MessagePart = {
    kind: 'media',
    mediaKind: input.kind,
    uniqueId,
    description: null,
    mimeType,
    fileName: input.kind === 'document' ? fileName : null,
    durationSeconds: input.durationSeconds ?? null,
    fileSize: input.bytes.byteLength,
    ...(input.kind === 'sticker'
      ? {
          stickerSetName: input.stickerSetName?.trim() || null,
          stickerSetTitle: null,
          stickerName: input.stickerEmoji?.trim() || null,
        }
      : {}),
  };
  const caption = input.caption?.trim() ? checkedPersonText(input.caption) : null;
  const parts: MessagePart[] = caption ? [{ kind: 'text', text: caption }, media] : [media];
  return { parts, file: { uniqueId, fileName, mimeType, bytes: input.bytes } };
}
