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
