import { z } from 'zod';
import { defineTaskKind } from './definition';
import { MessageIdSchema, REPLY_TO_JSON, STRING_JSON, TextSchema } from './fields';

/** A text message in Telegram markdown; empty text sends nothing. */
export const sendTask = defineTaskKind({
  kind: 'send',
  params: z.object({ text: TextSchema, reply_to: MessageIdSchema.optional() }),
  jsonProperties: { text: STRING_JSON, reply_to: REPLY_TO_JSON },
  required: ['text'],
});
