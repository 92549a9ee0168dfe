import { z } from 'zod';

/** A whole number, also when the model wrote it as a string of digits ("5120"). */
export const WholeNumberSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[+-]?\d+$/)
        .transform(Number),
    ],
    {
      error: 'must be a whole number',
    },
  )
  .pipe(z.number().int({ error: 'must be a whole number' }));

/** The longest pause a model may ask for; beyond it a plan or a schedule is the right tool. */
export const MAX_DURATION_SECONDS = 30 * 24 * 60 * 60;

/** A duration in whole seconds, from zero to MAX_DURATION_SECONDS (30 days). */
export const DurationSecondsSchema = WholeNumberSchema.pipe(
  z
    .number()
    .nonnegative({ error: 'must be zero or more seconds' })
    .max(MAX_DURATION_SECONDS, { error: `must be at most ${MAX_DURATION_SECONDS} seconds (30 days)` }),
);

/** A message id of the conversation: Telegram numbers messages from 1 in each chat. */
export const MessageIdSchema = WholeNumberSchema.pipe(
  z.number().positive({ error: 'must be a message id (a positive whole number)' }),
);

export const NonEmptyTextSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' });

export const TextSchema = z.string({ error: 'must be a string' });

export const REPLY_TO_JSON = { anyOf: [{ type: 'integer' }, { type: 'string' }] };
export const MESSAGE_ID_JSON = { type: 'integer' };
export const STRING_JSON = { type: 'string' };
