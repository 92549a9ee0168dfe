import { z } from 'zod';
import { TaskGraphViewSchema } from '../domain/tasks';
import { ConversationRefSchema } from './conversation-contract';

/**
 * The operator's hand on a conversation's plan (its task graph): cancel a task and what waits
 * for it, run a failed one again, drop everything that has not run. The engine applies each in
 * its own transaction; acting on a task that has just run answers why not (`conflict`).
 */

const TaskRefSchema = ConversationRefSchema.extend({ taskId: z.string().min(1) }).strict();

const PlanAfter = {
  /** The plan as it is now; null when nothing is left in it. */
  graph: TaskGraphViewSchema.nullable(),
};

export const planProcedures = {
  'plan.cancelTask': {
    input: TaskRefSchema,
    output: z.object({ cancelled: z.array(z.string()), ...PlanAfter }),
  },
  'plan.retryTask': { input: TaskRefSchema, output: z.object(PlanAfter) },
  'plan.clearPending': {
    input: ConversationRefSchema,
    output: z.object({ cancelled: z.array(z.string()), ...PlanAfter }),
  },
} as const;
