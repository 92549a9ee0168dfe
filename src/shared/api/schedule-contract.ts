import { z } from 'zod';
import { ScheduleActivitySchema } from '../domain/schedule';
import { NetworkSchema } from './conversation-contract';

/** One of the agent's upcoming scheduled events, in whichever of its conversations it waits. */
export const ScheduleEventMarkSchema = z.object({
  id: z.string(),
  network: NetworkSchema,
  channelId: z.number().int(),
  /** The conversation's title or partner's name; null when the runtime has none. */
  conversationName: z.string().nullable(),
  intent: z.string(),
  /** When it is due next (ISO, UTC). */
  dueAt: z.string(),
});
export type ScheduleEventMark = z.infer<typeof ScheduleEventMarkSchema>;

/**
 * An agent's daily schedule: its activities (UTC instants; the console shows them in the agent's
 * zone) and which one is going on. A save replaces the whole schedule and is refused
 * (`invalid_input`, the reason in words) when an activity is malformed or two overlap.
 */
export const AgentScheduleViewSchema = z.object({
  /** The agent's IANA zone (its file's, else the server's). */
  timeZone: z.string(),
  /** Sorted by start, none overlapping. */
  activities: z.array(ScheduleActivitySchema),
  /** The id of the activity going on now; null when none is. */
  currentId: z.string().nullable(),
  /** When the model last extended the schedule; null when never. */
  lastExtendedAt: z.string().nullable(),
  /** The agent's upcoming scheduled events across its conversations, soonest first. */
  events: z.array(ScheduleEventMarkSchema),
});
export type AgentScheduleView = z.infer<typeof AgentScheduleViewSchema>;

const AgentInputSchema = z.object({ agent: z.string().min(1) }).strict();

export const scheduleProcedures = {
  'schedule.get': { input: AgentInputSchema, output: AgentScheduleViewSchema },
  'schedule.save': {
    input: AgentInputSchema.extend({ activities: z.array(ScheduleActivitySchema) }).strict(),
    output: AgentScheduleViewSchema,
  },
  /**
   * Adds one activity (no `id`) or changes the one with its `id`; the activities it overlaps are
   * cut around it, one spanning it split in two. A refusal names the field to fix in `issues`.
   */
  'schedule.put': {
    input: AgentInputSchema.extend({
      activity: ScheduleActivitySchema.extend({ id: z.string().min(1).optional() }),
    }).strict(),
    output: AgentScheduleViewSchema.extend({ savedId: z.string() }),
  },
  'schedule.delete': {
    input: AgentInputSchema.extend({ id: z.string().min(1) }).strict(),
    output: AgentScheduleViewSchema,
  },
  /**
   * Has the agent's model plan its next days now (to the end of the day after tomorrow, from
   * its Daily Schedule text and recent activities), joining a planning already under way. A
   * refusal says why: no Daily Schedule (`invalid_input`), or the model could not be asked or
   * planned nothing (`unavailable`); the schedule is then left as it was.
   */
  'schedule.extend': {
    input: AgentInputSchema,
    output: AgentScheduleViewSchema.extend({
      /** Activities the model added. */
      written: z.number().int().nonnegative(),
      /** The model's activities that could not be taken, each with why. */
      refused: z.array(z.string()),
    }),
  },
} as const;

export const scheduleEvents = {
  /** An agent's schedule changed (the operator's save, or the agent's own `schedule` task). */
  'schedule.changed': z.object({ agent: z.string() }),
} as const;
