import { z } from 'zod';

/**
 * The parts of a Telegram Desktop JSON export (Settings → Advanced → Export Telegram data,
 * format "Machine-readable JSON") that the archive keeps. Telegram Desktop writes one chat as
 * `{name, type, id, messages}` and a whole account as `{personal_information, chats: {list},
 * left_chats: {list}, ...}`. Fields Troupe does not read are ignored, so exports from older and
 * newer Telegram Desktop versions load alike; the fields it reads are checked, and a message
 * that fails names the field (`messages[1234].date: expected …`).
 */

/**
 * Fields whose format the mapping checks as it reads them (`export-message.ts`, `export-chat.ts`),
 * with the same `expected …` errors: checking them here as well would cost a third of the import.
 */

/** `user123`, `chat123` (a basic group), `channel123` (a supergroup or channel); older exports wrote a bare user id. */
export const ExportPeerIdSchema = z.union([z.string(), z.number()], {
  error: 'expected a sender id like "user123", "chat123" or "channel123"',
});
export type ExportPeerId = z.infer<typeof ExportPeerIdSchema>;

/** Seconds since 1970 as a string of digits (`date_unixtime`, `edited_unixtime`). */
const UnixSecondsSchema = z.string({ error: 'expected Unix seconds like "1706724245"' });

/** Local time without a zone (`date`, `edited`): "2024-01-31T18:04:05". */
const LocalDateSchema = z.string({ error: 'expected a date like "2024-01-31T18:04:05"' });

/** A formatted run of a message's text (`{"type": "bold", "text": "hi"}`), with what its kind carries. */
export const ExportTextEntitySchema = z.object({
  type: z.string(),
  text: z.string(),
  href: z.string().optional(),
  language: z.string().optional(),
  user_id: z.union([z.number(), z.string()]).optional(),
});
export type ExportTextEntity = z.infer<typeof ExportTextEntitySchema>;

/** A message's text: a plain string, or plain strings and formatted runs in order. */
export const ExportTextSchema = z.union(
  [z.string(), z.array(z.union([z.string(), ExportTextEntitySchema]))],
  { error: 'expected a string or an array of strings and {type, text} objects' },
);
export type ExportText = z.infer<typeof ExportTextSchema>;

const OptionalText = z.string().optional();
const OptionalCount = z.number().nonnegative().optional();

/** A message people wrote (`type: "message"`): who, when, in reply to what, and its text. */
export const ExportMessageSchema = z.object({
  id: z.number({ error: 'expected the message id, an integer' }).int(),
  type: z.literal('message'),
  date: LocalDateSchema.optional(),
  date_unixtime: UnixSecondsSchema.optional(),
  edited: LocalDateSchema.optional(),
  edited_unixtime: UnixSecondsSchema.optional(),
  from: z.string().nullable().optional(),
  from_id: ExportPeerIdSchema.optional(),
  reply_to_message_id: z.number().int().optional(),
  reply_to_peer_id: ExportPeerIdSchema.optional(),
  text: ExportTextSchema.optional(),
});
export type ExportMessage = z.infer<typeof ExportMessageSchema>;

/**
 * The media a message carries, as Telegram Desktop describes it. Kept apart from the message
 * schema and read only for messages that have one of these fields: most messages are just text,
 * and checking a dozen absent fields on each would cost a tenth of the import.
 */
export const ExportMediaSchema = z.object({
  photo: OptionalText,
  file: OptionalText,
  file_name: OptionalText,
  media_type: OptionalText,
  sticker_emoji: OptionalText,
  mime_type: OptionalText,
  poll: z.object({}).optional(),
  contact_information: z.object({}).optional(),
  location_information: z.object({}).nullable().optional(),
  live_location_period_seconds: OptionalCount,
  place_name: OptionalText,
  game_title: OptionalText,
  invoice_information: z.object({}).optional(),
});
export type ExportMedia = z.infer<typeof ExportMediaSchema>;

const MEDIA_FIELDS = Object.keys(ExportMediaSchema.shape);

/** Whether an exported message has any of the media fields. */
export function hasMediaFields(message: object): boolean {
  for (const field of MEDIA_FIELDS) if (field in message) return true;
  return false;
}

/**
 * What every entry of `messages` has. Service entries (`type: "service"`: joins, title changes,
 * calls) and `"unsupported"` ones (Telegram Desktop could not read them; they have no date) are
 * skipped after this check.
 */
export const ExportEntrySchema = z.object({
  id: z.number({ error: 'expected the message id, an integer' }).int(),
  type: z.string({ error: 'expected "message" or "service"' }),
});

/** What Telegram Desktop calls the kinds of chat (`type` of a chat). */
export const EXPORT_CHAT_TYPES = [
  'personal_chat',
  'bot_chat',
  'saved_messages',
  'replies',
  'verification_codes',
  'private_group',
  'private_supergroup',
  'public_supergroup',
  'private_channel',
  'public_channel',
] as const;
export type ExportChatType = (typeof EXPORT_CHAT_TYPES)[number];

/** A chat's own fields, which Telegram Desktop writes before its messages. */
export const ExportChatHeaderSchema = z.object({
  name: z.string().nullable().optional(),
  type: z.enum(EXPORT_CHAT_TYPES, {
    error: `expected one of ${EXPORT_CHAT_TYPES.map((type) => `"${type}"`).join(', ')}`,
  }),
  id: z.number({ error: 'expected the chat id, a positive integer' }).int().positive(),
});
export type ExportChatHeader = z.infer<typeof ExportChatHeaderSchema>;

/** The account owner of a whole-account export: the agent whose history it is. */
export const ExportPersonalInformationSchema = z.object({
  user_id: z.number({ error: "expected the account's user id, a positive integer" }).int().positive(),
});
