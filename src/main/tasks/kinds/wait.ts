import { z } from 'zod';
import { defineTaskKind } from './definition';
import { WholeNumberSchema } from './fields';

/** A pause before what depends on it; the engine turns `delay` into a deadline once unblocked. */
export const waitTask = defineTaskKind({
  kind: 'wait',
  params: z.object({
    delay: WholeNumberSchema.pipe(z.number().nonnegative({ error: 'must be zero or more seconds' })),
  }),
  jsonProperties: { delay: { type: 'integer', minimum: 0 } },
  required: ['delay'],
});
