import { z } from 'zod';
import {
  ChatInfoSchema,
  ChatKindSchema,
  ChatMsgSchema,
  ChatPersonSchema,
  ReplyPolicySchema,
  StickerRefSchema,
} from '../domain/conversation';
import { ModelNameSchema } from '../domain/model-names';
import { TaskGraphViewSchema, TurnStateSchema } from '../domain/tasks';
import { FileDataSchema, MAX_CAPTION_LENGTH, SimulatedFileKindSchema, takesCaption } from './simulated-file';

export {
  MAX_CAPTION_LENGTH,
  MAX_SIMULATED_FILE_BYTES,
  SIMULATED_FILE_KINDS,
  type SimulatedFileKind,
  simulatedFileSizeProblem,
  takesCaption,
} from './simulated-file';

/** Conversations live on a network: the in-process Simulator, or Telegram. */
export const NetworkSchema = z.enum(['simulator', 'telegram']);
export type Network = z.infer<typeof NetworkSchema>;

/** Names one conversation of one agent on one network. */
export const ConversationRefSchema = z
  .object({ agent: z.string().min(1), network: NetworkSchema, channelId: z.number().int() })
  .strict();
export type ConversationRef = z.infer<typeof ConversationRefSchema>;

export const ConversationSummarySchema = z.object({
  agent: z.string(),
  network: NetworkSchema,
  channelId: z.number().int(),
  kind: ChatKindSchema,
  title: z.string(),
  lastMessage: ChatMsgSchema.nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** Tasks not yet finished in the conversation's graph. */
  pendingTasks: z.number().int().nonnegative(),
  /** The agent is no longer in this chat (it left, or the chat is gone): what Troupe archived, read-only. */
  archivedOnly: z.boolean().optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationParametersSchema = z.object({
  /** Per-conversation model; null = the agent's. */
  llmOverride: z.string().nullable(),
  /** The model this conversation uses now. */
  effectiveLlm: z.string(),
  /** Per-conversation gag; null = the agent's default. */
  gaggedOverride: z.boolean().nullable(),
  gagged: z.boolean(),
  replyPolicy: ReplyPolicySchema,
  /** Paused by the operator: the plan is kept, messages are taken, nothing runs. */
  paused: z.boolean(),
  /** Taken over: the agent stays silent (no turns) and only the operator's messages go out. */
  operatorOnly: z.boolean(),
  /** Per-conversation approval of the agent's planned messages; null = the agent's default. */
  approvalOverride: z.boolean().nullable(),
  /** The agent's planned messages and reactions wait as drafts for the operator's approval. */
  approval: z.boolean(),
});
export type ConversationParameters = z.infer<typeof ConversationParametersSchema>;

export const PromptSectionViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  /** Stable sections come first and stay byte-identical across turns (prompt caching). */
  stable: z.boolean(),
});
export type PromptSectionView = z.infer<typeof PromptSectionViewSchema>;

/** The last LLM call of a conversation, for the Playground's inspector. */
export const LlmExchangeViewSchema = z.object({
  at: z.string(),
  provider: z.string(),
  model: z.string(),
  sections: z.array(PromptSectionViewSchema),
  turns: z.array(z.object({ role: z.enum(['user', 'agent']), parts: z.array(z.string()) })),
  rawReply: z.string().nullable(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cachedTokens: z.number().int().nonnegative(),
  /** The model's thinking, apart from the answer; absent on exchanges kept before it was recorded. */
  thinkingTokens: z.number().int().nonnegative().optional(),
  /** USD; null when the model has no price in the catalogue. */
  costUsd: z.number().nonnegative().nullable(),
  latencyMs: z.number().nonnegative(),
  error: z.string().nullable(),
});
export type LlmExchangeView = z.infer<typeof LlmExchangeViewSchema>;

/** A kept exchange: its id, the task that made it, and whether it was cut down to be kept. */
export const ExchangeRecordSchema = LlmExchangeViewSchema.extend({
  id: z.number().int(),
  taskId: z.string().nullable(),
  truncated: z.boolean(),
});
export type ExchangeRecord = z.infer<typeof ExchangeRecordSchema>;

/** A task the task log keeps: when it last ran, how (a failure says why), and what it did. */
export const LoggedTaskSchema = z.object({
  id: z.string(),
  kind: z.string(),
  at: z.string(),
  /** The turn (`received` task) whose reply planned it; null for a turn itself. */
  origin: z.string().nullable(),
  failure: z.string().nullable(),
  /** What it did as logged: a send's text, a reaction's emoji and message, a sticker's name. */
  details: z.record(z.string(), z.unknown()),
});
export type LoggedTask = z.infer<typeof LoggedTaskSchema>;

export const MessageProvenanceSchema = z.object({
  /** Null when no kept record names the message (sent by hand, or longer ago than the task log keeps). */
  task: LoggedTaskSchema.nullable(),
  /** Null when the exchange is no longer kept. */
  exchange: ExchangeRecordSchema.nullable(),
  /** Every task the same turn planned that the log keeps, in the order they ran. */
  planned: z.array(LoggedTaskSchema),
});
export type MessageProvenance = z.infer<typeof MessageProvenanceSchema>;

/** Usernames of simulated people, as Telegram allows them: a letter, then 3 to 31 letters, digits or underscores. */
export const SIMULATED_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const SIMULATED_USERNAME_RULE =
  'A username has 4 to 32 letters, digits or underscores and starts with a letter.';

/** A simulated person as the operator (or a simulate script) describes them. */
export const SimulatedPersonInputSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Give the person a first name.'),
    lastName: z.string().trim().min(1).optional(),
    username: z.string().trim().regex(SIMULATED_USERNAME_PATTERN, SIMULATED_USERNAME_RULE).optional(),
  })
  .strict();

const ChatRefInput = z.object({ agent: z.string().min(1), channelId: z.number().int() }).strict();

export const conversationProcedures = {
  'conversations.list': {
    input: z.object({ agent: z.string().min(1), network: NetworkSchema.optional() }).strict(),
    output: z.object({ conversations: z.array(ConversationSummarySchema) }),
  },
  'conversations.messages': {
    input: ConversationRefSchema.extend({
      beforeMessageId: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(200).default(50),
    }).strict(),
    output: z.object({
      messages: z.array(ChatMsgSchema),
      hasMore: z.boolean(),
      /** The agent is no longer in this chat: these are the messages Troupe archived. */
      archivedOnly: z.boolean().optional(),
    }),
  },
  'conversations.graph': {
    input: ConversationRefSchema,
    output: z.object({ graph: TaskGraphViewSchema.nullable() }),
  },
  'conversations.lastExchange': {
    input: ConversationRefSchema,
    output: z.object({ exchange: LlmExchangeViewSchema.nullable() }),
  },
  /** Every exchange kept for the conversation (newest first, a page at a time): why the agent said what it said. */
  'conversations.exchanges': {
    input: ConversationRefSchema.extend({
      beforeId: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(100).default(20),
    }).strict(),
    output: z.object({ exchanges: z.array(ExchangeRecordSchema), hasMore: z.boolean() }),
  },
  /** Why the agent said it: the task that sent a message of the agent and the exchange that planned it. */
  'conversations.provenance': {
    input: ConversationRefSchema.extend({
      messageId: z.number().int().positive(),
      /** Trace the agent's reaction to the message (any sender's) instead of the message itself. */
      reaction: z.boolean().default(false),
    }).strict(),
    output: MessageProvenanceSchema,
  },
  'conversations.parameters': {
    input: ConversationRefSchema,
    output: ConversationParametersSchema,
  },
  'conversations.updateParameters': {
    input: ConversationRefSchema.extend({
      llmOverride: ModelNameSchema.min(1).nullable().optional(),
      gaggedOverride: z.boolean().nullable().optional(),
      replyPolicy: ReplyPolicySchema.optional(),
      paused: z.boolean().optional(),
      operatorOnly: z.boolean().optional(),
      approvalOverride: z.boolean().nullable().optional(),
    }).strict(),
    output: ConversationParametersSchema,
  },
  'simulator.createChat': {
    input: z
      .object({
        agent: z.string().min(1),
        kind: z.enum(['direct', 'group']),
        /** Group title; a direct chat is titled by its person. */
        title: z.string().trim().min(1).optional(),
        people: z.array(SimulatedPersonInputSchema).min(1, 'Add at least one person.').max(50),
      })
      .strict()
      .refine((input) => input.kind === 'group' || input.people.length === 1, {
        message: 'A direct chat has exactly one person.',
        path: ['people'],
      }),
    output: z.object({ chat: ChatInfoSchema, people: z.array(ChatPersonSchema) }),
  },
  'simulator.chat': {
    input: ChatRefInput,
    output: z.object({ chat: ChatInfoSchema, people: z.array(ChatPersonSchema) }),
  },
  'simulator.send': {
    input: ChatRefInput.extend({
      personId: z.number().int(),
      text: z.string().trim().min(1, 'Write something to send.').max(4096),
      replyTo: z.number().int().positive().nullable().optional(),
    }).strict(),
    output: z.object({ message: ChatMsgSchema }),
  },
  'simulator.sendSticker': {
    input: ChatRefInput.extend({
      personId: z.number().int(),
      setName: z.string().min(1),
      name: z.string().min(1),
      replyTo: z.number().int().positive().nullable().optional(),
    }).strict(),
    output: z.object({ message: ChatMsgSchema }),
  },
  /** A person sends a file with its bytes; the Simulator reads what it is from the bytes. */
  'simulator.sendFile': {
    input: ChatRefInput.extend({
      personId: z.number().int(),
      kind: SimulatedFileKindSchema,
      fileName: z
        .string()
        .trim()
        .min(1, 'Name the file.')
        .max(255, 'A file name has at most 255 characters.'),
      /** The file's bytes, base64. */
      dataBase64: FileDataSchema,
      caption: z
        .string()
        .max(MAX_CAPTION_LENGTH, `A caption has at most ${MAX_CAPTION_LENGTH} characters.`)
        .optional(),
      /** The emoji a sticker stands for. */
      stickerEmoji: z.string().trim().min(1).max(16, 'Give a sticker one emoji.').optional(),
      replyTo: z.number().int().positive().nullable().optional(),
    })
      .strict()
      .refine((input) => takesCaption(input.kind) || !input.caption?.trim(), {
        message: 'A sticker is sent without a caption.',
        path: ['caption'],
      })
      .refine((input) => input.kind === 'sticker' || input.stickerEmoji === undefined, {
        message: 'Only a sticker has an emoji.',
        path: ['stickerEmoji'],
      }),
    output: z.object({ message: ChatMsgSchema }),
  },
  'simulator.react': {
    input: ChatRefInput.extend({
      personId: z.number().int(),
      messageId: z.number().int().positive(),
      /** null removes the person's reaction. */
      emoji: z.string().min(1).nullable(),
    }).strict(),
    output: z.object({ message: ChatMsgSchema }),
  },
  'simulator.type': {
    input: ChatRefInput.extend({ personId: z.number().int() }).strict(),
    output: z.object({ ok: z.literal(true) }),
  },
  'simulator.stickers': {
    input: z.object({ agent: z.string().min(1) }).strict(),
    output: z.object({ stickers: z.array(StickerRefSchema) }),
  },
} as const;

export const conversationEvents = {
  'conversation.message': z.object({ agent: z.string(), network: NetworkSchema, message: ChatMsgSchema }),
  'conversation.messageEdited': z.object({
    agent: z.string(),
    network: NetworkSchema,
    message: ChatMsgSchema,
  }),
  'conversation.messagesDeleted': z.object({
    agent: z.string(),
    network: NetworkSchema,
    channelId: z.number().int(),
    messageIds: z.array(z.number().int()),
  }),
  'conversation.graphChanged': z.object({
    agent: z.string(),
    network: NetworkSchema,
    channelId: z.number().int(),
    graph: TaskGraphViewSchema.nullable(),
  }),
  /** The agent's chats changed otherwise than by a message: it joined or left a group. */
  'conversation.chatsChanged': z.object({ agent: z.string(), network: NetworkSchema }),
  /** What the agent shows in the chat: typing, and online presence. */
  'conversation.activity': z.object({
    agent: z.string(),
    network: NetworkSchema,
    channelId: z.number().int(),
    typing: z.boolean(),
    online: z.boolean(),
  }),
  /** What the agent's turn is doing: waiting for the partner to stop typing, thinking, or neither. */
  'conversation.turnState': z.object({
    agent: z.string(),
    network: NetworkSchema,
    channelId: z.number().int(),
    state: TurnStateSchema,
  }),
  'conversation.exchange': z.object({
    agent: z.string(),
    network: NetworkSchema,
    channelId: z.number().int(),
    exchange: LlmExchangeViewSchema,
  }),
} as const;
