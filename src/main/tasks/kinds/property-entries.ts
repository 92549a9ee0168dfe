import { z } from 'zod';
import { FACT_CATEGORIES } from '../../../shared/domain/memory';
import { defineTaskKind } from './definition';
import { STRING_JSON, TextSchema, WholeNumberSchema } from './fields';

/*
 * remember, note, plan and intend upsert an entry by the task's id; empty content deletes it.
 * `created` is the date (or date-time) the model says the entry is from; the memory layer
 * normalises it into the agent's zone.
 */
const CreatedSchema = z.string({ error: 'must be a date' }).trim().optional();
const ENTRY_JSON = { content: STRING_JSON, created: STRING_JSON };

/**
 * A memory of the agent, shown in every conversation; content may be left out to delete. With a
 * category it is a fact about a person instead: the partner of a direct chat, or `about`.
 */
export const rememberTask = defineTaskKind({
  kind: 'remember',
  params: z.object({
    content: TextSchema.optional(),
    created: CreatedSchema,
    category: z.enum(FACT_CATEGORIES, { error: `must be one of ${FACT_CATEGORIES.join(', ')}` }).optional(),
    key: z.string({ error: 'must be a string' }).trim().optional(),
    about: WholeNumberSchema.optional(),
  }),
  jsonProperties: {
    ...ENTRY_JSON,
    category: { type: 'string', enum: [...FACT_CATEGORIES] },
    key: STRING_JSON,
    about: { type: 'integer' },
  },
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
