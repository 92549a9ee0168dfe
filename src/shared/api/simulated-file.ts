import { z } from 'zod';

/** The largest file a simulated person may send (Telegram's limit for bots, generous here). */
export const MAX_SIMULATED_FILE_BYTES = 20 * 1024 * 1024;

/** Telegram's limit on a media message's caption. */
export const MAX_CAPTION_LENGTH = 1024;

/**
 * What a person sends a file as, in the person's terms: a voice note and an audio file both
 * become audio media; a sticker file is a WEBP image, a TGS animation or a WEBM video.
 */
export const SIMULATED_FILE_KINDS = ['photo', 'video', 'voice', 'audio', 'document', 'sticker'] as const;
export const SimulatedFileKindSchema = z.enum(SIMULATED_FILE_KINDS);
export type SimulatedFileKind = z.infer<typeof SimulatedFileKindSchema>;

/** Megabytes to a tenth, rounded up, so a file just over the limit never reads as the limit. */
export const megabytes = (bytes: number) => `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;

/** Why the Simulator refuses a file of this size, or null when it takes it. */
export function simulatedFileSizeProblem(bytes: number): string | null {
  if (bytes === 0) return 'The file is empty.';
  if (bytes <= MAX_SIMULATED_FILE_BYTES) return null;
  return `The file has ${megabytes(bytes)}; the Simulator takes files up to ${MAX_SIMULATED_FILE_BYTES / 1024 / 1024} MB.`;
}

/** How many bytes a base64 text decodes to. */
export function base64ByteLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** A file's bytes on the wire, refused when the Simulator would refuse their size. */
export const FileDataSchema = z
  .string()
  .superRefine((base64, ctx) => {
    const problem = simulatedFileSizeProblem(base64ByteLength(base64));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
  })
  .pipe(z.base64({ error: 'Send the file as base64 text.' }));

/** Whether a person may write a caption with a file of this kind (Telegram sends stickers bare). */
export const takesCaption = (kind: SimulatedFileKind): boolean => kind !== 'sticker';
