import { z } from 'zod';
import { defineTaskKind } from './definition';
import { NonEmptyTextSchema, STRING_JSON, TextSchema, WholeNumberSchema } from './fields';

/**
 * Wakes another conversation of the same agent with an instruction for itself. The target is a
 * channel id (negative for groups); a non-numeric string (such as an @username) is kept for the
 * handler to resolve.
 */
export const xsendTask = defineTaskKind({
  kind: 'xsend',
  params: z.object({
    target_channel_id: z.union([WholeNumberSchema, NonEmptyTextSchema], {
      error: 'must be a channel id',
    }),
    intent: TextSchema.optional(),
  }),
  jsonProperties: {
    target_channel_id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    intent: STRING_JSON,
  },
  required: ['target_channel_id'],
});
