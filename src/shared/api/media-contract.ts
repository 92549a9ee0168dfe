import { z } from 'zod';
import { MediaKindSchema } from '../domain/config';
import { MediaDescriptionSchema } from '../domain/media';
import { NetworkSchema } from './conversation-contract';

/**
 * The media-description editor's API: the curated records of each config directory's `media/`
 * and the description cache, to browse, preview, correct and tidy.
 */

/** Where a record lives: a config directory's `media/` (curated), or the description cache. */
export const MediaLocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('curated'), configDir: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('cache') }).strict(),
]);
export type MediaLocation = z.infer<typeof MediaLocationSchema>;

export const MediaRecordViewSchema = MediaDescriptionSchema.extend({
  location: MediaLocationSchema,
  /** The record agents see for this id: the first config directory's, else the cache's. */
  effective: z.boolean(),
  /** The bytes are at hand (the record names a file that exists, or the cache holds it). */
  hasFile: z.boolean(),
  fileSize: z.number().nullable(),
  /** Agents whose Saved Messages hold it (it cannot be deleted while they do). */
  savedBy: z.array(z.string()),
});
export type MediaRecordView = z.infer<typeof MediaRecordViewSchema>;

export const MEDIA_FILTERS = ['all', 'stickers', 'animated', 'video', 'photos', 'audio', 'other'] as const;
export const MediaFilterSchema = z.enum(MEDIA_FILTERS);
export type MediaFilter = z.infer<typeof MediaFilterSchema>;

export const MediaDirectorySchema = z.object({
  location: MediaLocationSchema,
  /** How the console names it: the config directory's path, or "Description cache". */
  label: z.string(),
  count: z.number().int().nonnegative(),
});
export type MediaDirectory = z.infer<typeof MediaDirectorySchema>;

export const MediaJobParamsSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('import-set'),
      /** The signed-in agent whose account fetches the set. */
      agent: z.string().min(1),
      network: NetworkSchema,
      setName: z
        .string()
        .trim()
        .min(1, 'Name the sticker set (its short name, as in t.me/addstickers/NAME).'),
      configDir: z.string().min(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('describe-missing'),
      location: MediaLocationSchema,
      /** Only this sticker set's records; all records of the directory when null. */
      setName: z.string().trim().min(1).nullable(),
    })
    .strict(),
]);
export type MediaJobParams = z.infer<typeof MediaJobParamsSchema>;

export const MEDIA_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** A long piece of media work and how far it got (it carries on after a restart). */
export const MediaJobSchema = z.object({
  id: z.number().int(),
  params: MediaJobParamsSchema,
  status: z.enum(MEDIA_JOB_STATUSES),
  /** Items in all; null until the job has listed them. */
  total: z.number().int().nullable(),
  done: z.number().int(),
  /** Items left as they were: stickers of an imported set some config directory describes already. */
  kept: z.number().int(),
  /** Items that could not be done (each is logged with its reason). */
  failed: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaJob = z.infer<typeof MediaJobSchema>;

const UniqueIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'A unique id is letters, digits, - and _ (as Telegram gives it).');

const RecordOutput = z.object({ record: MediaRecordViewSchema });

/** An item of an agent's media library (Saved Messages on Telegram), with what it shows. */
export const LibraryItemSchema = z.object({
  uniqueId: z.string(),
  kind: MediaKindSchema,
  description: z.string().nullable(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

const AgentNetworkInput = { agent: z.string().min(1), network: NetworkSchema };

/** The largest file the console saves to an agent's library (Telegram's own limits are far larger). */
export const MAX_LIBRARY_FILE_BYTES = 20 * 1024 * 1024;
/** Images Telegram takes as photos (it recompresses them); other files go as files. */
export const PHOTO_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export const mediaProcedures = {
  'media.directories': {
    input: z.object({}).strict(),
    output: z.object({ directories: z.array(MediaDirectorySchema) }),
  },
  'media.list': {
    input: z
      .object({
        /** One directory, or every record of every directory. */
        location: MediaLocationSchema.nullable(),
        filter: MediaFilterSchema.default('all'),
        /** Words that must all appear in the id, set, name or description. */
        search: z.string().trim().max(200).default(''),
        limit: z.number().int().min(1).max(20_000).default(10_000),
      })
      .strict(),
    output: z.object({
      records: z.array(MediaRecordViewSchema),
      /** How many matched before the limit. */
      total: z.number().int().nonnegative(),
    }),
  },
  /** Every copy of one id (a curated record may override a cached one), the effective one first. */
  'media.get': {
    input: z.object({ uniqueId: UniqueIdSchema }).strict(),
    output: z.object({ records: z.array(MediaRecordViewSchema) }),
  },
  /** Writes the description as a curated record (cw-compatible JSON) in the config directory, its file beside it. */
  'media.setDescription': {
    input: z
      .object({
        uniqueId: UniqueIdSchema,
        description: z.string().trim().max(4000, 'Keep a description under 4,000 characters.'),
        configDir: z.string().min(1),
      })
      .strict(),
    output: RecordOutput,
  },
  /** Asks the media model again, now; the answer replaces the description where the record lives. */
  'media.describeAgain': {
    input: z.object({ uniqueId: UniqueIdSchema, location: MediaLocationSchema }).strict(),
    output: RecordOutput,
  },
  'media.move': {
    input: z
      .object({ uniqueId: UniqueIdSchema, from: MediaLocationSchema, to: MediaLocationSchema })
      .strict(),
    output: RecordOutput,
  },
  'media.delete': {
    input: z.object({ uniqueId: UniqueIdSchema, location: MediaLocationSchema }).strict(),
    output: z.object({ deleted: z.literal(true) }),
  },
  /** Starts a job (importing a sticker set, describing what has no description); it runs in the background. */
  'media.startJob': { input: MediaJobParamsSchema, output: z.object({ job: MediaJobSchema }) },
  /** The latest jobs, newest first. */
  'media.jobs': { input: z.object({}).strict(), output: z.object({ jobs: z.array(MediaJobSchema) }) },
  'media.cancelJob': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ job: MediaJobSchema }),
  },
  /** The agent's media library, described as far as known (the rest is described in the background). */
  'media.library': {
    input: z.object(AgentNetworkInput).strict(),
    output: z.object({ items: z.array(LibraryItemSchema) }),
  },
  /** Saves a file to the agent's library; images go as photos unless `asFile`. */
  'media.addToLibrary': {
    input: z
      .object({
        ...AgentNetworkInput,
        fileName: z.string().trim().min(1, 'Name the file.').max(255),
        dataBase64: z.base64('Send the file as base64 text.').min(1, 'The file is empty.'),
        asFile: z.boolean().default(false),
      })
      .strict(),
    output: z.object({ item: LibraryItemSchema }),
  },
  'media.removeFromLibrary': {
    input: z.object({ ...AgentNetworkInput, uniqueId: UniqueIdSchema }).strict(),
    output: z.object({ removed: z.literal(true) }),
  },
  /** Deletes cached descriptions (and their files) no prompt has shown for this many days. */
  'media.removeUnused': {
    input: z.object({ olderThanDays: z.number().int().min(1).max(3650) }).strict(),
    output: z.object({ removed: z.number().int().nonnegative() }),
  },
} as const;

export const mediaEvents = {
  /** Descriptions were written, moved or deleted (by the chain, the editor, a config reload). */
  'media.changed': z.object({ uniqueIds: z.array(z.string()) }),
  /** A job started, made progress, or ended. */
  'media.jobChanged': z.object({ job: MediaJobSchema }),
} as const;

/** A file the console can show: a stored record's, or one an agent can see on its network. */
export type MediaFileRef =
  | { kind: 'stored'; uniqueId: string }
  | {
      kind: 'message';
      network: z.infer<typeof NetworkSchema>;
      agent: string;
      channelId: number;
      messageId: number;
      uniqueId: string;
    }
  | {
      kind: 'sticker' | 'library' | 'custom-emoji';
      network: z.infer<typeof NetworkSchema>;
      agent: string;
      uniqueId: string;
    };

/** The path the console loads a file from (the server's authenticated media route, or the desktop's app scheme). */
export const MEDIA_FILE_PREFIX = '/media/';

export function mediaFilePath(ref: MediaFileRef): string {
  const id = encodeURIComponent(ref.uniqueId);
  switch (ref.kind) {
    case 'stored':
      return `${MEDIA_FILE_PREFIX}stored/${id}`;
    case 'message':
      return `${MEDIA_FILE_PREFIX}message/${ref.network}/${encodeURIComponent(ref.agent)}/${ref.channelId}/${ref.messageId}/${id}`;
    default:
      return `${MEDIA_FILE_PREFIX}${ref.kind}/${ref.network}/${encodeURIComponent(ref.agent)}/${id}`;
  }
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const INTEGER = /^-?\d{1,20}$/;

/** The file a media path names; null for anything else (a path cannot name a file elsewhere). */
export function parseMediaFilePath(pathname: string): MediaFileRef | null {
  if (!pathname.startsWith(MEDIA_FILE_PREFIX)) return null;
  let segments: string[];
  try {
    segments = pathname.slice(MEDIA_FILE_PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  const [kind, ...rest] = segments;
  const uniqueId = rest.at(-1) ?? '';
  if (!ID.test(uniqueId)) return null;
  if (kind === 'stored' && rest.length === 1) return { kind, uniqueId };
  const network = NetworkSchema.safeParse(rest[0]);
  const agent = rest[1] ?? '';
  if (!network.success || agent === '' || agent.length > 200) return null;
  if ((kind === 'sticker' || kind === 'library' || kind === 'custom-emoji') && rest.length === 3) {
    return { kind, network: network.data, agent, uniqueId };
  }
  if (kind === 'message' && rest.length === 5 && INTEGER.test(rest[2]!) && INTEGER.test(rest[3]!)) {
    const channelId = Number(rest[2]);
    const messageId = Number(rest[3]);
    if (!Number.isSafeInteger(channelId) || !Number.isSafeInteger(messageId) || messageId <= 0) return null;
    return { kind, network: network.data, agent, channelId, messageId, uniqueId };
  }
  return null;
}
