import { z } from 'zod';
import { defineTaskKind } from './definition';
import { STRING_JSON, TextSchema, WholeNumberSchema } from './fields';

/**
 * A reminder the agent sets itself in this conversation: at `time` (in its own zone unless the
 * time carries an offset or `timezone` names a zone), optionally every `interval` for
 * `occurrences` times, it is woken here with `intent`. The task's id names the event: the same id
 * edits it, and an empty intent with an id deletes it. The engine checks the times and the
 * interval against the clock and the agent's zone; here only the shapes.
 */
export const eventTask = defineTaskKind({
  kind: 'event',
  params: z.object({
    intent: TextSchema.optional(),
    time: z.string({ error: 'must be a date and time such as 2026-03-14T09:30' }).trim().optional(),
    timezone: z.string({ error: 'must be a time zone name such as Europe/Paris' }).trim().optional(),
    interval: z.string({ error: 'must be a count and a unit, such as "2 hours"' }).trim().optional(),
    occurrences: WholeNumberSchema.pipe(z.number().min(1, { error: 'must be 1 or more' })).optional(),
  }),
  jsonProperties: {
    intent: STRING_JSON,
    time: STRING_JSON,
    timezone: STRING_JSON,
    interval: STRING_JSON,
    occurrences: { type: 'integer' },
  },
  required: [],
});
