import { z } from 'zod';
import { StickerRefSchema } from '../domain/conversation';
import { TaskGraphViewSchema } from '../domain/tasks';
import { ConversationRefSchema, NetworkSchema } from './conversation-contract';

/**
 * The operator as the agent's co-pilot: writing in a conversation as the agent (a takeover),
 * approving, editing or rejecting the messages the agent drafted, and the per-agent settings that
 * go with it: approval by default and a daily spending limit.
 */

/** Telegram's limit for one text message. */
export const MAX_MESSAGE_LENGTH = 4096;

const MessageTextSchema = z
  .string()
  .trim()
  .min(1, 'Write the message.')
  .max(MAX_MESSAGE_LENGTH, `A message holds at most ${MAX_MESSAGE_LENGTH.toLocaleString('en')} characters.`);

export const OperatorMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: MessageTextSchema }).strict(),
  z
    .object({
      kind: z.literal('sticker'),
      setName: z.string().min(1, 'Choose a sticker set.'),
      name: z.string().min(1, 'Choose a sticker.'),
    })
    .strict(),
]);
export type OperatorMessage = z.infer<typeof OperatorMessageSchema>;

const TaskRefSchema = ConversationRefSchema.extend({ taskId: z.string().min(1) });

export const AgentSteeringViewSchema = z.object({
  agent: z.string(),
  /** The agent's planned messages wait for approval in every conversation that does not say otherwise. */
  requireApproval: z.boolean(),
  /** USD per day in the agent's time zone; null: no limit. */
  dailyLimitUsd: z.number().nonnegative().nullable(),
  spentTodayUsd: z.number().nonnegative(),
  /** Reached and not lifted: the agent's turns and memory work wait for the next day. */
  limitReached: z.boolean(),
  /** The operator lifted the limit for the rest of today. */
  liftedToday: z.boolean(),
  /** The agent's local date (YYYY-MM-DD) the figures are for. */
  day: z.string(),
  /** When the agent's next day begins (ISO), and a reached limit resets. */
  resetsAt: z.string(),
});
export type AgentSteeringView = z.infer<typeof AgentSteeringViewSchema>;

const AgentInput = z.object({ agent: z.string().min(1) }).strict();

/** A conversation whose agent has drafted messages that wait for the operator. */
export const WaitingDraftsSchema = z.object({
  agent: z.string(),
  /** The agent's display name. */
  agentName: z.string(),
  network: NetworkSchema,
  channelId: z.number().int(),
  /** The chat's title as its plan knows it. */
  title: z.string(),
  drafts: z.number().int().positive(),
});
export type WaitingDrafts = z.infer<typeof WaitingDraftsSchema>;

export const copilotProcedures = {
  /** Sends a message as the agent, paced like the agent's own; it joins the plan as a task. */
  'copilot.send': {
    input: ConversationRefSchema.extend({
      message: OperatorMessageSchema,
      replyTo: z.number().int().positive().nullable().optional(),
    }).strict(),
    output: z.object({ taskId: z.string(), graph: TaskGraphViewSchema.nullable() }),
  },
  /** Lets a draft go (paced from now); `text` replaces a text draft's words. */
  'copilot.approveDraft': {
    input: TaskRefSchema.extend({ text: MessageTextSchema.optional() }).strict(),
    output: z.object({ graph: TaskGraphViewSchema.nullable() }),
  },
  /**
   * Drops a draft. An instruction makes the agent think again at once, told what was held back
   * and what to do instead (nobody in the chat sees it); `started` says whether that turn began.
   */
  'copilot.rejectDraft': {
    input: TaskRefSchema.extend({
      instruction: z.string().trim().max(4000, 'Keep the instruction under 4,000 characters.').optional(),
    }).strict(),
    output: z.object({ started: z.boolean(), graph: TaskGraphViewSchema.nullable() }),
  },
  /** The stickers the operator can send as the agent in this conversation's network. */
  /**
   * Every conversation, of every agent and network, with drafts waiting for approval: what the
   * console shows wherever the operator is. Kept live by `conversation.graphChanged`.
   */
  'copilot.waitingDrafts': {
    input: z.object({}).strict(),
    output: z.object({ chats: z.array(WaitingDraftsSchema) }),
  },
  'copilot.stickers': {
    input: z.object({ agent: z.string().min(1), network: NetworkSchema }).strict(),
    output: z.object({ stickers: z.array(StickerRefSchema) }),
  },
  'copilot.agentSettings': { input: AgentInput, output: AgentSteeringViewSchema },
  'copilot.updateAgentSettings': {
    input: AgentInput.extend({
      requireApproval: z.boolean().optional(),
      dailyLimitUsd: z
        .number({ error: 'Enter an amount in US dollars.' })
        .positive('A limit must be more than $0; clear it for no limit.')
        .max(100_000, 'A daily limit above $100,000 is surely a typo.')
        .nullable()
        .optional(),
    }).strict(),
    output: AgentSteeringViewSchema,
  },
  /** Lets a reached limit go for the rest of the agent's day. */
  'copilot.liftLimit': { input: AgentInput, output: AgentSteeringViewSchema },
} as const;

export const copilotEvents = {
  /** The agent's co-pilot settings or spending changed state (a limit reached, lifted or set). */
  'copilot.agentChanged': z.object({ agent: z.string() }),
} as const;
