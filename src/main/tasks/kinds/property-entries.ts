import { z } from 'zod';
import { defineTaskKind } from './definition';
import { STRING_JSON, TextSchema } from './fields';

/*
 * remember, note, plan and intend upsert an entry by the task's id; empty content deletes it.
 * `created` is the date (or date-time) the model says the entry is from; the memory layer
 * normalises it into the agent's zone.
 */
const CreatedSchema = z.string({ error: 'must be a date' }).trim().optional();
const ENTRY_JSON = { content: STRING_JSON, created: STRING_JSON };

/** A memory of the agent, shown in every conversation. Content may be left out to delete. */
export const rememberTask = defineTaskKind({
  kind: 'remember',
  params: z.object({ content: TextSchema.optional(), created: CreatedSchema }),
  jsonProperties: ENTRY_JSON,
  required: [],
});

/** A note about this conversation. */
export const noteTask = defineTaskKind({
  kind: 'note',
  params: z.object({ content: TextSchema, created: CreatedSchema }),
  jsonProperties: ENTRY_JSON,
  required: ['content'],
});

/** The agent's plan for this conversation. */
export const planTask = defineTaskKind({
  kind: 'plan',
  params: z.object({ content: TextSchema, created: CreatedSchema }),
  jsonProperties: ENTRY_JSON,
  required: ['content'],
});

/** An intention of the agent, shown in every conversation. */
export const intendTask = defineTaskKind({
  kind: 'intend',
  params: z.object({ content: TextSchema, created: CreatedSchema }),
  jsonProperties: ENTRY_JSON,
  required: ['content'],
});
