import { z } from 'zod';
import { defineTaskKind } from './definition';
import { DurationSecondsSchema, MAX_DURATION_SECONDS } from './fields';

/** A pause before what depends on it; the engine turns `delay` into a deadline once unblocked. */
export const waitTask = defineTaskKind({
  kind: 'wait',
  params: z.object({
    delay: DurationSecondsSchema,
  }),
  jsonProperties: { delay: { type: 'integer', minimum: 0, maximum: MAX_DURATION_SECONDS } },
  required: ['delay'],
});
