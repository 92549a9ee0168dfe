import { z } from 'zod';
import { ResponsivenessSchema } from '../../../shared/domain/schedule';
import { defineTaskKind } from './definition';
import { STRING_JSON, TextSchema, WholeNumberSchema } from './fields';

/**
 * A change to the agent's daily schedule. The task's id names the activity: an id the schedule
 * has changes that activity (only the fields given), the same id with an empty `activity_name`
 * deletes it, and any other id adds a new one, which needs every field. Times must carry their
 * offset; the schedule module checks them and fits the activity in.
 */
export const scheduleTask = defineTaskKind({
  kind: 'schedule',
  params: z.object({
    start_time: z.string({ error: 'must be a date and time with an offset' }).trim().optional(),
    end_time: z.string({ error: 'must be a date and time with an offset' }).trim().optional(),
    activity_name: TextSchema.optional(),
    responsiveness: WholeNumberSchema.pipe(ResponsivenessSchema).optional(),
    description: TextSchema.optional(),
  }),
  jsonProperties: {
    start_time: STRING_JSON,
    end_time: STRING_JSON,
    activity_name: STRING_JSON,
    responsiveness: { type: 'integer' },
    description: STRING_JSON,
  },
  required: [],
});
