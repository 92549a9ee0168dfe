import { z } from 'zod';
import { parseChatQuery } from '../domain/chat-query';
import { ChatInfoSchema } from '../domain/conversation';
import { NextTaskSchema } from '../domain/plan-next';
import { TASK_STATUSES, TaskGraphViewSchema } from '../domain/tasks';
import { ConversationRefSchema, NetworkSchema } from './conversation-contract';

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

/** One conversation of an agent with a live plan, for the agent-wide plan view. */
export const AgentPlanSchema = z.object({
  agent: z.string(),
  network: NetworkSchema,
  channelId: z.number().int(),
  /** The chat's title as the plan knows it. */
  title: z.string(),
  paused: z.boolean(),
  counts: z.record(z.enum(TASK_STATUSES), z.number().int().nonnegative()),
  /** What runs next and when; null when nothing will (only failed or cancelled work left). */
  next: NextTaskSchema.nullable(),
  graph: TaskGraphViewSchema,
});
export type AgentPlan = z.infer<typeof AgentPlanSchema>;

export const planProcedures = {
  /**
   * Every conversation of the agent with unfinished work (on one network, or on each that runs),
   * what runs next first. Kept live by `conversation.graphChanged`.
   */
  'plan.agentOverview': {
    input: z.object({ agent: z.string().min(1), network: NetworkSchema.optional() }).strict(),
    output: z.object({ plans: z.array(AgentPlanSchema) }),
  },
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
        .max(4000, 'Use at most 4,000 characters.'),
    }).strict(),
    output: z.object({ started: z.boolean() }),
  },
  /**
   * The conversation the operator names by user or chat id, @username or +phone, for an xsend to
   * a chat the console does not list (a direct chat need not have messages yet).
   */
  'plan.findConversation': {
    input: z
      .object({
        agent: z.string().min(1),
        network: NetworkSchema,
        query: z.string().superRefine((text, context) => {
          const parsed = parseChatQuery(text);
          if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
        }),
      })
      .strict(),
    output: z.object({ chat: ChatInfoSchema }),
  },
} as const;
