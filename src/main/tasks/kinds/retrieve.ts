import { z } from 'zod';
import { defineTaskKind } from './definition';
import { NonEmptyTextSchema, STRING_JSON } from './fields';

/**
 * Reads web pages (http, https) or the configuration's documents (`file:NAME`) before answering:
 * the engine fetches them beside the turn and runs the turn again with them in its prompt. How
 * many addresses a turn may ask for, and how many rounds a message may take, the engine decides.
 */
export const retrieveTask = defineTaskKind({
  kind: 'retrieve',
  params: z.object({
    urls: z.array(NonEmptyTextSchema, { error: 'must be a list of addresses' }).min(1, {
      error: 'must name at least one address',
    }),
  }),
  jsonProperties: { urls: { type: 'array', items: STRING_JSON } },
  required: ['urls'],
});
