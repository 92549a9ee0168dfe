import {
  type SimulatedFileKind,
  simulatedFileSizeProblem,
  takesCaption,
} from '../../../../shared/api/conversation-contract';
import { megabytes } from '../../../../shared/api/simulated-file';

/** A file the operator picked to send as the composer's person, not sent yet. */
export type AttachmentDraft = {
  kind: SimulatedFileKind;
  file: Blob;
  fileName: string;
  size: number;
  caption: string;
  /** The emoji a sticker stands for. */
  stickerEmoji: string;
  status: 'ready' | 'sending' | 'failed';
  /** Why it cannot be sent as it is (too large, empty), known before sending. */
  problem: string | null;
  /** Why the last send failed. */
  error: string | null;
};

/** How each kind is offered: its name, and the files the file dialog shows for it. */
export const ATTACH_KINDS: ReadonlyArray<{ kind: SimulatedFileKind; label: string; accept: string }> = [
  { kind: 'photo', label: 'Photo', accept: 'image/*' },
  { kind: 'video', label: 'Video', accept: 'video/*,.gif' },
  { kind: 'voice', label: 'Voice note', accept: 'audio/*,.ogg,.oga,.opus' },
  { kind: 'audio', label: 'Audio file', accept: 'audio/*' },
  { kind: 'document', label: 'Document', accept: '' },
  { kind: 'sticker', label: 'Sticker file', accept: '.webp,.tgs,.webm' },
];

export function attachKindLabel(kind: SimulatedFileKind): string {
  return ATTACH_KINDS.find((option) => option.kind === kind)?.label ?? kind;
}

/** "830 KB", "2.4 MB": a file's size at a glance. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  // As the Simulator's refusal words it, so the size shown and the size refused agree.
  return megabytes(bytes);
}

/** A fresh draft for a picked file; a file the Simulator would refuse for its size says so at once. */
export function newDraft(kind: SimulatedFileKind, file: Blob & { name: string }): AttachmentDraft {
  return {
    kind,
    file,
    fileName: file.name,
    size: file.size,
    caption: '',
    stickerEmoji: '',
    status: 'ready',
    problem: simulatedFileSizeProblem(file.size),
    error: null,
  };
}

export function canSend(draft: AttachmentDraft): boolean {
  return draft.problem === null && draft.status !== 'sending';
}

/** Bytes as base64, a chunk at a time: spreading megabytes into one call overflows the stack. */
export function toBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/** The caption and emoji the draft sends: only what its kind takes, and nothing blank. */
export function draftExtras(draft: AttachmentDraft): { caption?: string; stickerEmoji?: string } {
  const caption = draft.caption.trim();
  const emoji = draft.stickerEmoji.trim();
  return {
    ...(takesCaption(draft.kind) && caption !== '' ? { caption } : {}),
    ...(draft.kind === 'sticker' && emoji !== '' ? { stickerEmoji: emoji } : {}),
  };
}
