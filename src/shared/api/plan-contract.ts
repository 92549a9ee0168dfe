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
  /**
   * An intent for the agent in this conversation (an xsend from the console): a turn starts with
   * it as a secret instruction, the gag bypassed. `started` is false when a turn was already due
   * and the intent joined it.
   */
  'plan.xsend': {
    input: ConversationRefSchema.extend({
      intent: z
        .string()
        .trim()
        .min(1, 'Write what the agent should do.')
        .max(4000, 'Keep it under 4,000 characters.'),
    }).strict(),
    output: z.object({ started: z.boolean() }),
  },
} as const;
