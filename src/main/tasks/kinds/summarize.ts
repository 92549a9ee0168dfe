import { z } from 'zod';
import { defineTaskKind } from './definition';
import { MESSAGE_ID_JSON, MessageIdSchema, STRING_JSON, TextSchema } from './fields';

const DateSchema = z
  .string({ error: 'must be a date' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, { error: 'must be a date such as 2025-03-14' })
  .transform((date) => date.slice(0, 10));

/**
 * A summary of a stretch of the conversation, by message ids. Like a note it is kept by id:
 * empty content deletes it, and a revision may leave out the range and dates to keep them. A new
 * summary needs its range; the memory layer checks that (an update does not).
 */
export const summarizeTask = defineTaskKind({
  kind: 'summarize',
  params: z.object({
    content: TextSchema.optional(),
    min_message_id: MessageIdSchema.optional(),
    max_message_id: MessageIdSchema.optional(),
    first_message_date: DateSchema.optional(),
    last_message_date: DateSchema.optional(),
    created: z.string({ error: 'must be a date' }).trim().optional(),
  }),
  jsonProperties: {
    content: STRING_JSON,
    min_message_id: MESSAGE_ID_JSON,
    max_message_id: MESSAGE_ID_JSON,
    first_message_date: STRING_JSON,
    last_message_date: STRING_JSON,
    created: STRING_JSON,
  },
  required: [],
});
