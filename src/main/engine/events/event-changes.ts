import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { MAX_OCCURRENCES, parseInterval } from '../../../shared/domain/event-interval';
import { formatLongLocalTime } from '../../conversation/local-time';
import type { ScheduledEvent, ScheduledEventFields, Store } from '../../store';
import type { EngineCore } from '../engine-core';
import { parseEventTime } from './event-times';

/** A time this far in the past still counts as "now" (the model's clock reading is a turn old). */
export const PAST_GRACE_MS = 5 * 60_000;
/** The longest instruction an event may carry. */
export const MAX_INTENT_LENGTH = 4_000;

/**
 * What the agent (an `event` task) or the operator asks for. Fields left undefined keep an
 * existing event's value; `interval` or `occurrences` null clears it (once; for ever).
 */
export interface EventChange {
  id: string;
  intent?: string | undefined;
  time?: string | undefined;
  /** Overrides the agent's zone, and any offset in `time`. */
  timezone?: string | undefined;
  interval?: string | null | undefined;
  occurrences?: number | null | undefined;
}

export interface EventChangeContext {
  conversation: ConversationKey;
  /** The agent's zone, for times without an offset. */
  timeZone: string;
  now: Date;
}

export type EventChangeOutcome =
  | { outcome: 'created' | 'updated'; event: ScheduledEvent }
  | { outcome: 'deleted'; id: string }
  | { outcome: 'refused'; reason: string };

function refused(reason: string): EventChangeOutcome {
  return { outcome: 'refused', reason };
}

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

function checkedFields(
  change: EventChange,
  existing: ScheduledEvent | null,
  context: EventChangeContext,
): Checked<ScheduledEventFields> {
  const intent = change.intent?.trim() || existing?.intent;
  if (!intent || (!existing && !change.time)) {
    const missing = existing ? '' : `there is no event "${change.id}" here to change, and `;
    return { ok: false, reason: `${missing}a new event needs an intent and a time` };
  }
  if (intent.length > MAX_INTENT_LENGTH)
    return { ok: false, reason: `intent must be at most ${MAX_INTENT_LENGTH} characters` };
  let dueAt = existing?.dueAt ?? context.now;
  if (change.time) {
    const parsed = parseEventTime(change.time, context.timeZone, change.timezone);
    if (!parsed.ok) return { ok: false, reason: parsed.error };
    if (parsed.instant.getTime() < context.now.getTime() - PAST_GRACE_MS) {
      // Both in the agent's zone, as the console and the agent read times.
      const [when, now] = [parsed.instant, context.now].map((instant) =>
        formatLongLocalTime(instant, context.timeZone),
      );
      return { ok: false, reason: `the time ${when} is in the past (it is now ${now})` };
    }
    dueAt = parsed.instant;
  }
  let intervalSeconds = existing?.intervalSeconds ?? null;
  if (change.interval === null || change.interval === '') intervalSeconds = null;
  else if (change.interval !== undefined) {
    const parsed = parseInterval(change.interval);
    if (!parsed.ok) return { ok: false, reason: parsed.error };
    intervalSeconds = parsed.seconds;
  }
  const remaining = change.occurrences === undefined ? (existing?.remaining ?? null) : change.occurrences;
  if (remaining !== null && (!Number.isInteger(remaining) || remaining < 1 || remaining > MAX_OCCURRENCES))
    return { ok: false, reason: `occurrences must be a whole number from 1 to ${MAX_OCCURRENCES}` };
  if (intervalSeconds === null && remaining !== null && remaining > 1)
    return { ok: false, reason: `${remaining} occurrences need an interval to repeat at` };
  return {
    ok: true,
    value: { intent, dueAt, intervalSeconds, remaining: intervalSeconds === null ? null : remaining },
  };
}

/**
 * Creates, edits or deletes one event of a conversation (run it inside the caller's transaction).
 * An empty intent with the id of an event deletes it; an id no event has, with an intent and a
 * time, creates one under that id. Anything that cannot be scheduled (a time in the past, an
 * impossible interval, occurrences without an interval) is refused with the reason, changing nothing.
 */
export function applyEventChange(
  store: Store,
  change: EventChange,
  context: EventChangeContext,
): EventChangeOutcome {
  const { conversation } = context;
  const existing = store.scheduledEvents.get(conversation, change.id);
  const deleting = change.intent !== undefined && change.intent.trim() === '';
  if (deleting) {
    if (!existing) return refused(`there is no event "${change.id}" here to delete`);
    store.scheduledEvents.delete(conversation, change.id);
    return { outcome: 'deleted', id: change.id };
  }
  const checked = checkedFields(change, existing, context);
  if (!checked.ok) return refused(checked.reason);
  const outcome = store.scheduledEvents.put(conversation, change.id, checked.value, context.now);
  const event = store.scheduledEvents.get(conversation, change.id);
  if (!event) throw new Error(`The event ${change.id} was written but cannot be read back.`);
  return { outcome, event };
}

/** The operator's change, in its own transaction, with the times in the agent's zone. */
export function operatorEventChange(
  core: EngineCore,
  conversation: ConversationKey,
  change: EventChange,
): EventChangeOutcome {
  const { store, clock } = core.deps;
  const context = { conversation, timeZone: core.zoneOf(conversation.agent), now: clock.now() };
  return store.transaction(() => applyEventChange(store, change, context));
}
