import { z } from 'zod';
import { MediaKindSchema, MediaStatusSchema } from './config';

/**
 * What Troupe knows about one media file (a photo, sticker, video, voice note...), keyed by
 * Telegram's file unique id: the same file seen in many chats is described once. The record of
 * a config directory's `media/` (curated) and of the description cache share this shape.
 */
export const MediaDescriptionSchema = z.object({
  uniqueId: z.string(),
  kind: MediaKindSchema,
  /** What the model is told the file shows or says; null when there is none. */
  description: z.string().nullable(),
  status: MediaStatusSchema,
  /** Why there is no description (shown to the model as "could not be analyzed"). */
  failureReason: z.string().nullable(),
  /** The stored file's type, from its bytes. */
  mimeType: z.string().nullable(),
  /** Seconds, for video, audio and animated stickers. */
  durationSeconds: z.number().nullable(),
  stickerSetName: z.string().nullable(),
  stickerSetTitle: z.string().nullable(),
  /** A sticker's emoji or name within its set. */
  stickerName: z.string().nullable(),
  /** Temporary failures so far; no more AI attempts after MAX_DESCRIPTION_RETRIES. */
  retryCount: z.number().int().nonnegative(),
  /** When a prompt last showed it (ISO-8601). */
  lastUsedAt: z.string().nullable(),
  /** When the description last changed (ISO-8601); null when unknown (older curated files). */
  updatedAt: z.string().nullable(),
});
export type MediaDescription = z.infer<typeof MediaDescriptionSchema>;

/** Temporary failures after which the AI is not asked again (until an operator asks). */
export const MAX_DESCRIPTION_RETRIES = 5;

/** Statuses that a later attempt may still turn into a description. */
export const TEMPORARY_MEDIA_STATUSES = ['budget_exhausted', 'temporary_failure'] as const;
