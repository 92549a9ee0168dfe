import { z } from 'zod';
import {
  FactCategorySchema,
  MemoryEntrySchema,
  MemoryFactSchema,
  MemoryProfileSchema,
  MemoryScopeSchema,
  MemorySummarySchema,
  SessionSummarySchema,
} from '../domain/memory';
import { ConversationRefSchema, NetworkSchema } from './conversation-contract';

/**
 * What agents remember, for the operator to read and correct: the property entries (memories,
 * intentions, notes, plans), each conversation's summaries, the facts about each person, and the
 * same recall a turn runs.
 */

const AgentNetwork = { agent: z.string().min(1), network: NetworkSchema };

/** Memories and intentions belong to the agent; notes and plans to one conversation (`channelId`). */
export const MemoryListRefSchema = z
  .object({ ...AgentNetwork, scope: MemoryScopeSchema, channelId: z.number().int().optional() })
  .strict()
  .refine((ref) => (ref.scope === 'note' || ref.scope === 'plan') === (ref.channelId !== undefined), {
    message:
      'Notes and plans belong to a conversation: give its channelId (and none for memories or intentions).',
    path: ['channelId'],
  });
export type MemoryListRef = z.infer<typeof MemoryListRefSchema>;

const ContentSchema = z
  .string()
  .trim()
  .min(1, 'Write something, or delete the entry.')
  .max(4000, 'Use at most 4,000 characters.');

export const MemoryEntryDraftSchema = z
  .object({
    /** An existing entry's id to rewrite it; absent for a new one. */
    id: z.string().min(1).optional(),
    content: ContentSchema,
    /** A date (2025-03-14) or a date-time; absent keeps the old one, or today for a new entry. */
    created: z.string().trim().optional(),
  })
  .strict();

export const SummaryDraftSchema = z
  .object({
    id: z.string().min(1).optional(),
    content: ContentSchema,
    minMessageId: z.number().int().positive('A message id is a positive whole number.'),
    maxMessageId: z.number().int().positive('A message id is a positive whole number.'),
  })
  .strict()
  .refine((draft) => draft.minMessageId <= draft.maxMessageId, {
    message: 'The first message must not come after the last.',
    path: ['maxMessageId'],
  });

const PartnerRef = { ...AgentNetwork, partnerId: z.number().int() };

export const FactDraftSchema = z
  .object({
    /** The fact this one corrects: it is superseded (kept in the history), not overwritten. */
    supersedes: z.string().min(1).optional(),
    category: FactCategorySchema,
    key: z.string().trim().max(60, 'Keep the key under 60 characters.').optional(),
    content: z
      .string()
      .trim()
      .min(1, 'Write the fact as a sentence.')
      .max(300, 'A fact is one sentence: at most 300 characters.'),
  })
  .strict();

export const KnownPersonSchema = z.object({
  partnerId: z.number().int(),
  /** The name the person goes by in the agent's chats, when one is known. */
  name: z.string().nullable(),
  factCount: z.number().int().nonnegative(),
});
export type KnownPersonView = z.infer<typeof KnownPersonSchema>;

export const RecallKindSchema = z.enum(['message', 'summary', 'topic', 'note', 'memory', 'fact']);
export const RecallItemSchema = z.object({
  kind: RecallKindSchema,
  text: z.string(),
  score: z.number(),
  /** ISO date or date-time of what was recalled, when it has one. */
  date: z.string().nullable(),
  /** The messages it comes from (a fact's provenance, a summary's range). */
  messageIds: z.array(z.number().int()),
});
export type RecallItem = z.infer<typeof RecallItemSchema>;

export const memoryProcedures = {
  'memory.entries': { input: MemoryListRefSchema, output: z.object({ entries: z.array(MemoryEntrySchema) }) },
  'memory.putEntry': {
    input: z.object({ list: MemoryListRefSchema, entry: MemoryEntryDraftSchema }).strict(),
    output: z.object({ entry: MemoryEntrySchema }),
  },
  'memory.deleteEntry': {
    input: z.object({ list: MemoryListRefSchema, id: z.string().min(1) }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },
  'memory.summaries': {
    input: ConversationRefSchema,
    output: z.object({ summaries: z.array(MemorySummarySchema) }),
  },
  'memory.putSummary': {
    input: z.object({ conversation: ConversationRefSchema, summary: SummaryDraftSchema }).strict(),
    output: z.object({ summary: MemorySummarySchema }),
  },
  'memory.deleteSummary': {
    input: z.object({ conversation: ConversationRefSchema, id: z.string().min(1) }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },
  /** Summarizes every message of the conversation no summary covers yet, now. */
  'memory.summarizeNow': {
    input: ConversationRefSchema,
    output: z.object({
      written: z.number().int(),
      consolidated: z.number().int(),
      /** Model calls made: one that wrote nothing still cost a call. */
      modelCalls: z.number().int(),
    }),
  },
  'memory.people': {
    input: z.object(AgentNetwork).strict(),
    output: z.object({ people: z.array(KnownPersonSchema) }),
  },
  'memory.facts': {
    input: z.object(PartnerRef).strict(),
    output: z.object({ current: z.array(MemoryFactSchema), history: z.array(MemoryFactSchema) }),
  },
  'memory.putFact': {
    input: z.object({ ...PartnerRef, fact: FactDraftSchema }).strict(),
    output: z.object({ fact: MemoryFactSchema }),
  },
  'memory.retractFact': {
    input: z.object({ ...PartnerRef, id: z.string().min(1) }).strict(),
    output: z.object({ retracted: z.boolean() }),
  },
  'memory.sessions': {
    input: ConversationRefSchema,
    output: z.object({ sessions: z.array(SessionSummarySchema) }),
  },
  'memory.deleteSession': {
    input: z.object({ conversation: ConversationRefSchema, id: z.string().min(1) }).strict(),
    output: z.object({ deleted: z.boolean() }),
  },
  'memory.profile': {
    input: z.object(PartnerRef).strict(),
    output: z.object({ profile: MemoryProfileSchema.nullable() }),
  },
  'memory.putProfile': {
    input: z
      .object({
        ...PartnerRef,
        text: z
          .string()
          .trim()
          .min(1, 'Write the profile, or leave it to reflection.')
          .refine((text) => text.split(/\s+/).length <= 550, 'A profile is at most 550 words.'),
      })
      .strict(),
    output: z.object({ profile: MemoryProfileSchema }),
  },
  /** Reflects on the person now, as the night would (their direct conversation). */
  'memory.reflectNow': {
    input: z.object(PartnerRef).strict(),
    output: z.object({
      profileUpdated: z.boolean(),
      facts: z.number().int(),
      intentions: z.number().int(),
      skipped: z.string().optional(),
    }),
  },
  'memory.recall': {
    input: ConversationRefSchema.extend({
      query: z.string().trim().min(1, 'Type what to recall.').max(2000),
      limit: z.number().int().min(1).max(50).optional(),
    }).strict(),
    output: z.object({ items: z.array(RecallItemSchema) }),
  },
} as const;

/** What changed in an agent's memory, so open views reload that part. */
export const MemoryChangeSchema = z.object({
  ...AgentNetwork,
  what: z.enum(['entries', 'summaries', 'sessions', 'facts', 'profile']),
  /** The conversation, for notes, plans and summaries. */
  channelId: z.number().int().nullable(),
  /** The person, for facts. */
  partnerId: z.number().int().nullable(),
});
export type MemoryChange = z.infer<typeof MemoryChangeSchema>;

export const memoryEvents = {
  'memory.changed': MemoryChangeSchema,
} as const;
