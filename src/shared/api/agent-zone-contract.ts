import { z } from 'zod';
import { ApiError } from './errors';

/**
 * What becomes of an agent's daily schedule and scheduled events when the operator changes its
 * time zone: `keepWallClock` moves them so each keeps its local time (the 07:00 wake-up stays
 * 07:00 in the new zone, a daily reminder keeps its time of day); `delete` removes them all.
 */
export const ZoneChangeChoiceSchema = z.enum(['keepWallClock', 'delete']);
export type ZoneChangeChoice = z.infer<typeof ZoneChangeChoiceSchema>;

/**
 * The details of `agents.update`'s `conflict` when a zone change would move times the agent
 * keeps and no `zoneChange` was given: nothing was written; send the change again with one.
 */
export const ZoneChoiceNeededSchema = z.object({
  kind: z.literal('zoneChoiceNeeded'),
  /** The agent's zone now (its file's, else the server's). */
  fromZone: z.string(),
  toZone: z.string(),
  /** Schedule activities that would move or go. */
  activities: z.number().int().nonnegative(),
  /** Scheduled events, across all its conversations, that would move or go. */
  events: z.number().int().nonnegative(),
});
export type ZoneChoiceNeeded = z.infer<typeof ZoneChoiceNeededSchema>;

/** "2 schedule activities and 1 scheduled event": what an agent keeps timed in its zone. */
export function timedSummary({
  activities,
  events,
}: Pick<ZoneChoiceNeeded, 'activities' | 'events'>): string {
  const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return [
    activities > 0 ? counted(activities, 'schedule activity', 'schedule activities') : null,
    events > 0 ? counted(events, 'scheduled event', 'scheduled events') : null,
  ]
    .filter((part) => part !== null)
    .join(' and ');
}

/** The zone choice an `agents.update` refusal asks for; null for any other error. */
export function zoneChoiceNeeded(error: unknown): ZoneChoiceNeeded | null {
  if (!(error instanceof ApiError) || error.code !== 'conflict') return null;
  const parsed = ZoneChoiceNeededSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}
