import { z } from 'zod';
import { ScheduleActivitySchema } from '../domain/schedule';

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
});
export type AgentScheduleView = z.infer<typeof AgentScheduleViewSchema>;

const AgentInputSchema = z.object({ agent: z.string().min(1) }).strict();

export const scheduleProcedures = {
  'schedule.get': { input: AgentInputSchema, output: AgentScheduleViewSchema },
  'schedule.save': {
    input: AgentInputSchema.extend({ activities: z.array(ScheduleActivitySchema) }).strict(),
    output: AgentScheduleViewSchema,
  },
} as const;

export const scheduleEvents = {
  /** An agent's schedule changed (the operator's save, or the agent's own `schedule` task). */
  'schedule.changed': z.object({ agent: z.string() }),
} as const;
