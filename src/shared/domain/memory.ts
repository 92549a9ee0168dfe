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
