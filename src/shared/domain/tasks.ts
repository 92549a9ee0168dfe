import { z } from 'zod';

/** Every task kind the engine knows. Immediate kinds run while the reply is parsed; the rest join the graph. */
export const IMMEDIATE_TASK_KINDS = [
  'think',
  'remember',
  'note',
  'plan',
  'intend',
  'summarize',
  'event',
  'schedule',
] as const;
export const GRAPH_TASK_KINDS = [
  'received',
  'send',
  'sticker',
  'send_media',
  'react',
  'wait',
  'block',
  'unblock',
  'clear-conversation',
  'xsend',
  'retrieve',
] as const;
export const TASK_KINDS = [...IMMEDIATE_TASK_KINDS, ...GRAPH_TASK_KINDS] as const;
export const TaskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof TaskKindSchema>;

/** Kinds the model may emit (`received` is internal). */
export const MODEL_TASK_KINDS = TASK_KINDS.filter((kind) => kind !== 'received');

export const TASK_STATUSES = ['pending', 'active', 'done', 'failed', 'cancelled'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['done', 'failed', 'cancelled'];

/** A task node as the console sees it. */
export const TaskNodeViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: TaskStatusSchema,
  params: z.record(z.string(), z.unknown()),
  dependsOn: z.array(z.string()),
  retries: z.number().int().nonnegative(),
  /** For waits: the absolute deadline once the wait became unblocked (ISO), else null. */
  waitUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskNodeView = z.infer<typeof TaskNodeViewSchema>;

/**
 * The window a plan keeps the agent online after it answered (a `wait` marked `online`): part of
 * the plan, but no work left to do, so neither counted as pending nor a reason to clear it.
 */
export function isPresenceWindow(node: { kind: string; params: Readonly<Record<string, unknown>> }): boolean {
  return node.kind === 'wait' && node.params.online === true;
}

export const TaskGraphViewSchema = z.object({
  id: z.string(),
  agent: z.string(),
  channelId: z.number().int(),
  createdAt: z.string(),
  nodes: z.array(TaskNodeViewSchema),
});
export type TaskGraphView = z.infer<typeof TaskGraphViewSchema>;

/**
 * What the engine is doing in a conversation, for the console to say: nothing it shows, waiting
 * for the partner to stop typing before it answers (until then), or thinking (an LLM call since).
 */
export const TurnStateSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('idle') }),
  z.object({ phase: z.literal('waitingForPartner'), until: z.string() }),
  z.object({ phase: z.literal('thinking'), since: z.string() }),
  /** The agent's daily schedule holds the answer: asleep until it wakes, or busy for a while. */
  z.object({
    phase: z.literal('heldBySchedule'),
    until: z.string(),
    asleep: z.boolean(),
    /** The activity holding it; null in a gap of the schedule. */
    activity: z.string().nullable(),
  }),
]);
export type TurnState = z.infer<typeof TurnStateSchema>;
