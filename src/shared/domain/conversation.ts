import { z } from 'zod';
import { MediaKindSchema } from './config';

/**
 * The conversation model every part of Troupe shares: what a message is, independent of the
 * network it came from (Telegram or the Simulator). Ids are Telegram-style: users positive,
 * groups and channels negative; message ids count up per chat.
 */

export const ChatKindSchema = z.enum(['direct', 'group', 'channel']);
export type ChatKind = z.infer<typeof ChatKindSchema>;

export const ReactionSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** The emoji; for a custom emoji, the plain emoji it stands for. */
  emoji: z.string(),
  /** A custom emoji's file unique id (Telegram's document id). */
  customEmojiId: z.string().nullable().optional(),
  /** What a custom emoji shows, from the description chain. */
  description: z.string().nullable().optional(),
});
export type Reaction = z.infer<typeof ReactionSchema>;

export const MessagePartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({
    kind: z.literal('media'),
    mediaKind: MediaKindSchema,
    uniqueId: z.string(),
    /** What the media shows, from the description pipeline; null when not (yet) described. */
    description: z.string().nullable(),
    stickerSetName: z.string().nullable().optional(),
    stickerSetTitle: z.string().nullable().optional(),
    stickerName: z.string().nullable().optional(),
    mimeType: z.string().nullable().optional(),
    fileName: z.string().nullable().optional(),
    /** Why no description exists (shown to the model as "could not be analyzed"). */
    failureReason: z.string().nullable().optional(),
    /** Playback length in seconds (video, audio, animations), when the network says. */
    durationSeconds: z.number().nullable().optional(),
    /** The file's size in bytes, when the network says. */
    fileSize: z.number().nullable().optional(),
    /** A custom emoji in the text (a small sticker); `stickerName` is the emoji it stands for. */
    customEmoji: z.boolean().optional(),
  }),
  /** A service event (member joined, title changed, history cleared, ...), already in words. */
  z.object({ kind: z.literal('service'), text: z.string() }),
  /** A part kind Troupe does not understand yet; rendered as a placeholder. */
  z.object({ kind: z.literal('unknown'), partKind: z.string() }),
]);
export type MessagePart = z.infer<typeof MessagePartSchema>;

export const ChatMsgSchema = z.object({
  channelId: z.number().int(),
  messageId: z.number().int().positive(),
  senderId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  senderUsername: z.string().nullable(),
  /** Sent by the agent itself (Telegram's `out`). */
  isAgent: z.boolean(),
  replyToMessageId: z.number().int().nullable(),
  /** ISO-8601 UTC. */
  sentAt: z.string(),
  editedAt: z.string().nullable(),
  parts: z.array(MessagePartSchema),
  reactions: z.array(ReactionSchema),
  /** The agent was @-mentioned or replied to (Telegram's `mentioned`). */
  mentioned: z.boolean(),
});
export type ChatMsg = z.infer<typeof ChatMsgSchema>;

export const ChatPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

/** What an agent can learn about a chat: the `# Channel Details` of its prompt. */
export const ChatInfoSchema = z.object({
  channelId: z.number().int(),
  kind: ChatKindSchema,
  /** Group title, or the partner's full name in a direct chat. */
  title: z.string(),
  username: z.string().nullable(),
  participantCount: z.number().int().nullable(),
  description: z.string().nullable(),
  /** The partner of a direct chat. */
  partner: ChatPersonSchema.nullable(),
  /** The chat's photo (the partner's profile photo in a direct chat), described when known. */
  photo: z.object({ uniqueId: z.string(), description: z.string().nullable() }).nullable().optional(),
});
export type ChatInfo = z.infer<typeof ChatInfoSchema>;

export const StickerRefSchema = z.object({
  setName: z.string(),
  setTitle: z.string().nullable(),
  /** The sticker's name within its set: its emoji, or an explicit name. */
  name: z.string(),
  uniqueId: z.string(),
  description: z.string().nullable(),
});
export type StickerRef = z.infer<typeof StickerRefSchema>;

/** Whether a group conversation answers every message or only callouts (mentions, replies). */
export const ReplyPolicySchema = z.enum(['callouts', 'every-message']);
export type ReplyPolicy = z.infer<typeof ReplyPolicySchema>;
