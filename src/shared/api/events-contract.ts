import { z } from 'zod';
import { MAX_OCCURRENCES } from '../domain/event-interval';
import { ConversationRefSchema } from './conversation-contract';

/**
 * A conversation's scheduled events: reminders the agent set itself (with the `event` task) or
 * the operator set for it, each waking the agent in the conversation with its intent when due.
 * Times go both ways as wall-clock time in the agent's zone; the engine checks them as it checks
 * the agent's own tasks, and a refusal (`invalid_input`) says what to fix.
 */

export const ScheduledEventViewSchema = z.object({
  id: z.string(),
  intent: z.string(),
  /** When it is due next (ISO, UTC). */
  dueAt: z.string(),
  /** The same instant as `YYYY-MM-DDTHH:mm` in the agent's zone, as the form edits it. */
  localTime: z.string(),
  /** Repeats this often ("2 hours"); null: once. */
  interval: z.string().nullable(),
  /** Occurrences left, the next included; null: for ever (or once, without an interval). */
  remaining: z.number().int().positive().nullable(),
  firedCount: z.number().int().nonnegative(),
  lastFiredAt: z.string().nullable(),
});
export type ScheduledEventView = z.infer<typeof ScheduledEventViewSchema>;

export const EventsListSchema = z.object({
  /** The agent's IANA zone, which every local time is in. */
  timeZone: z.string(),
  /** Soonest first. */
  events: z.array(ScheduledEventViewSchema),
});
export type EventsList = z.infer<typeof EventsListSchema>;

export const EventDraftSchema = z
  .object({
    intent: z.string().trim().min(1, 'Write what the agent should do when the event comes due.'),
    /** Wall-clock time in the agent's zone. */
    time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Pick a date and a time.'),
    /** "30 minutes", "2 hours", "1 day", "1 week"; null: once. */
    interval: z.string().trim().min(1).nullable(),
    /** With an interval: how many times in all; null: for ever. */
    occurrences: z
      .number()
      .int('Occurrences must be a whole number.')
      .min(1, 'Occurrences must be 1 or more.')
      .max(MAX_OCCURRENCES, `At most ${MAX_OCCURRENCES} occurrences.`)
      .nullable(),
  })
  .strict();
export type EventDraft = z.infer<typeof EventDraftSchema>;

export const eventsProcedures = {
  /** The conversation's events, kept live by `events.changed`. */
  'events.list': { input: ConversationRefSchema, output: EventsListSchema },
  /** Creates an event (no `id`) or rewrites one; answers the list as it is now. */
  'events.save': {
    input: ConversationRefSchema.extend({
      id: z.string().min(1).optional(),
      event: EventDraftSchema,
    }).strict(),
    output: EventsListSchema.extend({ savedId: z.string() }),
  },
  'events.delete': {
    input: ConversationRefSchema.extend({ id: z.string().min(1) }).strict(),
    output: EventsListSchema,
  },
} as const;

export const eventsEvents = {
  /** A conversation's events changed: created, edited, deleted, or one fired. */
  'events.changed': ConversationRefSchema,
} as const;
