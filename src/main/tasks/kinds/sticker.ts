import { z } from 'zod';
import { defineTaskKind } from './definition';
import { MessageIdSchema, NonEmptyTextSchema, REPLY_TO_JSON, STRING_JSON } from './fields';

/** A sticker named by its set's short name and its name (emoji) within the set. */
export const stickerTask = defineTaskKind({
  kind: 'sticker',
  params: z.object({
    sticker_set: NonEmptyTextSchema,
    name: NonEmptyTextSchema,
    reply_to: MessageIdSchema.optional(),
  }),
  jsonProperties: { sticker_set: STRING_JSON, name: STRING_JSON, reply_to: REPLY_TO_JSON },
  required: ['sticker_set', 'name'],
});
