import { z } from 'zod';
import { defineTaskKind } from './definition';
import { STRING_JSON, TextSchema } from './fields';

/** Private reasoning: logged for the operator, never sent. */
export const thinkTask = defineTaskKind({
  kind: 'think',
  params: z.object({ text: TextSchema }),
  jsonProperties: { text: STRING_JSON },
  required: ['text'],
});
