import { z } from 'zod';

/**
 * A property entry the agent keeps through remember / note / plan / intend tasks: upserted by id,
 * deleted by an empty content. Memories and intentions belong to the agent; notes and plans to one
 * conversation.
 */
export const MemoryScopeSchema = z.enum(['memory', 'intention', 'note', 'plan']);
export type MemoryScope = z.infer<typeof MemoryScopeSchema>;

export const MemoryEntrySchema = z.object({
  id: z.string(),
  content: z.string(),
  /** ISO date or date-time in the agent's time zone, as the model or the clock gave it. */
  created: z.string(),
  /** Where a memory was made (memories only). */
  creationChannelId: z.number().int().nullable(),
  creationChannelName: z.string().nullable(),
});
export type MemoryEntry = z.infer<typeof MemoryEntrySchema>;

/** Who wrote a summary: the automatic pass, the agent in a turn, a merge of older ones, the operator. */
export const SummaryOriginSchema = z.enum(['summarizer', 'agent', 'consolidation', 'operator', 'import']);
export type SummaryOrigin = z.infer<typeof SummaryOriginSchema>;

/**
 * A summary of a stretch of one conversation: the messages from `minMessageId` to `maxMessageId`
 * (inclusive), sent between `firstMessageDate` and `lastMessageDate` (UTC dates, YYYY-MM-DD).
 * Messages up to the highest summarized id leave the prompt's history; the summaries stand in.
 */
export const MemorySummarySchema = z.object({
  id: z.string(),
  content: z.string(),
  minMessageId: z.number().int(),
  maxMessageId: z.number().int(),
  firstMessageDate: z.string().nullable(),
  lastMessageDate: z.string().nullable(),
  /** ISO date or date-time in the agent's zone, as for property entries. */
  created: z.string(),
  origin: SummaryOriginSchema,
});
export type MemorySummary = z.infer<typeof MemorySummarySchema>;

/** What a fact is about, for grouping in the prompt and the console. */
export const FACT_CATEGORIES = [
  'personal',
  'location',
  'work',
  'preference',
  'health',
  'plan',
  'general',
] as const;
export const FactCategorySchema = z.enum(FACT_CATEGORIES);
export type FactCategory = z.infer<typeof FactCategorySchema>;

/** Who wrote a fact: the agent in a turn, the extraction after an exchange, reflection, the operator, an import. */
export const FactOriginSchema = z.enum(['agent', 'extraction', 'reflection', 'operator', 'import']);
export type FactOrigin = z.infer<typeof FactOriginSchema>;

/**
 * One atomic fact an agent knows about a person, with where it came from. A fact is never
 * overwritten: a new value for its key supersedes it, and the operator or the agent may retract
 * it; both stay in the history.
 */
export const MemoryFactSchema = z.object({
  id: z.string(),
  /** The person the fact is about (their user id on the network). */
  partnerId: z.number().int(),
  category: FactCategorySchema,
  /** A short stable name for what the fact answers ("home_city"); a new value for it supersedes the old. */
  key: z.string().nullable(),
  content: z.string(),
  /** The conversation it was learnt in, and the messages that say it. */
  sourceChannelId: z.number().int().nullable(),
  sourceMessageIds: z.array(z.number().int()),
  writtenBy: FactOriginSchema,
  /** ISO-8601 UTC. */
  writtenAt: z.string(),
  supersededBy: z.string().nullable(),
  supersededAt: z.string().nullable(),
  retractedAt: z.string().nullable(),
});
export type MemoryFact = z.infer<typeof MemoryFactSchema>;

/** A topic of a quiet stretch of a conversation, summarized for recall. */
export const SessionSummarySchema = z.object({
  id: z.string(),
  topic: z.string(),
  content: z.string(),
  minMessageId: z.number().int(),
  maxMessageId: z.number().int(),
  /** ISO-8601 UTC send times of the first and last message it covers. */
  firstAt: z.string(),
  lastAt: z.string(),
  createdAt: z.string(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** The narrative profile nightly reflection keeps of a person (at most 550 words, fixed sections). */
export const MemoryProfileSchema = z.object({
  text: z.string(),
  writtenBy: z.enum(['reflection', 'operator']),
  updatedAt: z.string(),
});
export type MemoryProfile = z.infer<typeof MemoryProfileSchema>;
