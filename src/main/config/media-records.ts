import { basename, join } from 'node:path';
import { z } from 'zod';
import {
  type ConfigProblem,
  MEDIA_KINDS,
  type MediaKind,
  type MediaStatus,
  MediaStatusSchema,
} from '../../shared/domain/config';
import { listConfigFiles } from './config-files';
import { configError, configWarning } from './problems';
import { readTextFiles } from './read-text-files';
import { readFailureMessage } from './text-file-limit';

/** A curated description of one Telegram media item, from `<configDir>/media/<uniqueId>.json`. */
export interface MediaRecord {
  /** Telegram's file unique id; also the record's file stem. */
  uniqueId: string;
  kind: MediaKind;
  /** What the model is told the item shows or says; null when there is none. */
  description: string | null;
  status: MediaStatus;
  /** Why there is no description, when there is none. */
  failureReason: string | null;
  /** Whether a failed description may be tried again. */
  retryable: boolean;
  mimeType: string | null;
  /** The MIME type Telegram reported, when the stored bytes were converted. */
  originalMimeType: string | null;
  /** The media file's name, next to the record. */
  mediaFile: string | null;
  /** Seconds, for video, audio and animated items. */
  duration: number | null;
  /** The sticker fields are null for every other kind. */
  stickerSetName: string | null;
  stickerSetTitle: string | null;
  stickerName: string | null;
  isEmojiSet: boolean | null;
  descriptionRetryCount: number;
  lastUsedAt: string | null;
  curatedBy: string | null;
  /** Absolute path of the record's JSON file. */
  file: string;
}

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/**
 * The on-disk record, field names as the original system writes them. Keys not listed here are
 * accepted and dropped, so records written by newer or older tools still load.
 */
const MediaRecordFileSchema = z.object({
  unique_id: z.string().min(1),
  // Older records call animated stickers `animated_sticker`; they are stickers like any other.
  kind: z
    .enum([...MEDIA_KINDS, 'animated_sticker'])
    .transform((kind): MediaKind => (kind === 'animated_sticker' ? 'sticker' : kind)),
  description: nullableText,
  status: MediaStatusSchema,
  failure_reason: nullableText,
  retryable: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  mime_type: nullableText,
  original_mime_type: nullableText,
  media_file: z
    .string()
    .refine((name) => name !== '' && !/[/\\]/.test(name) && name !== '.' && name !== '..', {
      message: 'must be a file name next to the record, without any directory',
    })
    .nullish()
    .transform((value) => value ?? null),
  duration: z
    .number()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? null),
  sticker_set_name: nullableText,
  sticker_set_title: nullableText,
  sticker_name: nullableText,
  is_emoji_set: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  description_retry_count: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 0),
  last_used_at: nullableText,
  curated_by: nullableText,
});

export interface ParsedMediaRecord {
  record: MediaRecord | null;
  problems: ConfigProblem[];
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`).join('; ');
}

/** Parses one record file's text. `file` is its path; the record's `unique_id` must equal its stem. */
export function parseMediaRecord(jsonText: string, file: string): ParsedMediaRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(jsonText);
  } catch (error) {
    return {
      record: null,
      problems: [
        configError(file, null, `Not valid JSON (${(error as Error).message}); fix or delete the file.`),
      ],
    };
  }
  const parsed = MediaRecordFileSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      record: null,
      problems: [
        configError(file, null, `Media record ignored, fix these fields: ${describeIssues(parsed.error)}.`),
      ],
    };
  }
  const data = parsed.data;
  const stem = basename(file, '.json');
  if (data.unique_id !== stem) {
    return {
      record: null,
      problems: [
        configError(
          file,
          null,
          `Media record ignored: unique_id "${data.unique_id}" differs from the file name; rename the file to ${data.unique_id}.json or fix unique_id.`,
        ),
      ],
    };
  }
  const isSticker = data.kind === 'sticker';
  return {
    record: {
      uniqueId: data.unique_id,
      kind: data.kind,
      description: data.description,
      status: data.status,
      failureReason: data.failure_reason,
      retryable: data.retryable,
      mimeType: data.mime_type,
      originalMimeType: data.original_mime_type,
      mediaFile: data.media_file,
      duration: data.duration,
      stickerSetName: isSticker ? data.sticker_set_name : null,
      stickerSetTitle: isSticker ? data.sticker_set_title : null,
      stickerName: isSticker ? data.sticker_name : null,
      isEmojiSet: isSticker ? data.is_emoji_set : null,
      descriptionRetryCount: data.description_retry_count,
      lastUsedAt: data.last_used_at,
      curatedBy: data.curated_by,
      file,
    },
    problems: [],
  };
}

export interface MediaRecordList {
  /** Sorted by unique id. */
  records: MediaRecord[];
  problems: ConfigProblem[];
}

/**
 * Reads every record in a curated media directory (`<configDir>/media`). A bad record is reported
 * and skipped; a missing directory simply has no records.
 */
export async function listMediaRecords(mediaDir: string): Promise<MediaRecordList> {
  // media_file is checked against this listing rather than one stat per record.
  const { names, allFiles: fileNames, problems } = await listConfigFiles(mediaDir, '.json', 'a media record');
  const records: MediaRecord[] = [];
  for (const read of await readTextFiles(names.map((name) => join(mediaDir, name)))) {
    const { file } = read;
    if ('error' in read) {
      problems.push(configError(file, null, readFailureMessage(read.error, 'the media record')));
      continue;
    }
    const parsed = parseMediaRecord(read.text, file);
    problems.push(...parsed.problems);
    if (parsed.record === null) continue;
    records.push(parsed.record);
    if (parsed.record.mediaFile !== null && !fileNames.has(parsed.record.mediaFile)) {
      problems.push(
        configWarning(
          file,
          null,
          `media_file "${parsed.record.mediaFile}" is not in ${mediaDir}; put the file there or correct media_file.`,
        ),
      );
    }
  }
  return { records, problems };
}
