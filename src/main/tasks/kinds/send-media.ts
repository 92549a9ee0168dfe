import { z } from 'zod';
import { defineTaskKind } from './definition';
import { MessageIdSchema, NonEmptyTextSchema, REPLY_TO_JSON, STRING_JSON } from './fields';

/** A photo, video or file from the agent's media library, named by its file unique id. */
export const sendMediaTask = defineTaskKind({
  kind: 'send_media',
  params: z.object({
    unique_id: NonEmptyTextSchema,
    reply_to: MessageIdSchema.optional(),
  }),
  jsonProperties: { unique_id: STRING_JSON, reply_to: REPLY_TO_JSON },
  required: ['unique_id'],
});
