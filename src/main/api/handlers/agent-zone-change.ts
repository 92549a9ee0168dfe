import { ApiError, timedSummary, type ZoneChangeChoice, type ZoneChoiceNeeded } from '../../../shared/api';
import type { AgentChanges, AgentConfig } from '../../../shared/domain/config';
import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import type { ScheduleActivity } from '../../../shared/domain/schedule';
import type { Clock } from '../../clock';
import { isValidTimeZone } from '../../config';
import type { ConversationEngine } from '../../engine';
import { checkSchedule, moveToZone, ScheduleError, sameWallClock } from '../../schedule';
import type { ScheduledEvent, Store } from '../../store';
import type { EventHub } from '../event-hub';

/** An agent's time zone about to change, each zone as the agent lives by it (its file's, else the server's). */
export interface ZoneMove {
  agent: AgentConfig;
  fromZone: string;
  toZone: string;
}

/**
 * The zone change `changes` makes to `agent`; null when it makes none (no timezone field, the same
 * zone, or no zone set and the server's named) or names a zone the file write will refuse.
 */
export function zoneMoveOf(agent: AgentConfig, changes: AgentChanges, defaultZone: string): ZoneMove | null {
  if (changes.timezone === undefined) return null;
  const requested = changes.timezone?.trim() ?? '';
  if (requested !== '' && !isValidTimeZone(requested)) return null;
  const fromZone = agent.timezone ?? defaultZone;
  const toZone = requested === '' ? defaultZone : requested;
  return fromZone === toZone ? null : { agent, fromZone, toZone };
}

/**
 * The event due at the same wall-clock time in `toZone`. Its repeats need nothing more: whole days
 * and weeks step in the agent's zone at each firing (so a daily 09:00 stays 09:00 in the new zone,
 * across its daylight saving changes too), shorter intervals are durations from the new time.
 */
export function eventAtSameWallClock(
  event: ScheduledEvent,
  fromZone: string,
  toZone: string,
): ScheduledEvent {
  return { ...event, dueAt: sameWallClock(event.dueAt, fromZone, toZone) };
}

export interface ZoneChangeDeps {
  store: Pick<Store, 'schedules' | 'scheduledEvents' | 'transaction'>;
  clock: Clock;
  events: EventHub;
  /** Both networks' engines: each arms its event timer again for the moved times. */
  engines: readonly Pick<ConversationEngine, 'refresh'>[];
}

/** What `apply` changed: the schedule, and the conversations whose events moved or went. */
export interface ZoneChangeOutcome {
  agent: string;
  scheduleChanged: boolean;
  conversations: ConversationKey[];
}

function choiceNeeded(move: ZoneMove, activities: number, events: number): ApiError {
  const details: ZoneChoiceNeeded = {
    kind: 'zoneChoiceNeeded',
    fromZone: move.fromZone,
    toZone: move.toZone,
    activities,
    events,
  };
  return new ApiError(
    'conflict',
    `${move.agent.name} has ${timedSummary(details)} timed in ${move.fromZone}; say whether they keep their wall-clock times in ${move.toZone} or are deleted (zoneChange). Nothing was saved.`,
    undefined,
    details,
  );
}

/** What a zone change does to the times an agent keeps: asked about first, then moved or deleted in one transaction. */
export function zoneChanges(deps: ZoneChangeDeps) {
  const { store } = deps;

  /** The schedule at the same wall-clock times in the new zone, checked (a ScheduleError when the move breaks it). */
  const movedSchedule = (activities: readonly ScheduleActivity[], move: ZoneMove) =>
    checkSchedule(moveToZone(activities, move.fromZone, move.toZone));

  return {
    /**
     * Refuses, before anything is written, a move that would shift stored times when the operator
     * has not said what becomes of them (`conflict` with the counts in `ZoneChoiceNeeded` details),
     * and one that would leave the schedule invalid: two activities of an hour the old zone's clock
     * repeats (when daylight saving ends) land on each other in a zone that has it once.
     */
    check(move: ZoneMove, choice: ZoneChangeChoice | undefined): void {
      const agent = move.agent.configName;
      const { activities } = store.schedules.get(agent);
      if (choice === undefined) {
        const events = store.scheduledEvents.listOfAgent(agent).length;
        if (activities.length > 0 || events > 0) throw choiceNeeded(move, activities.length, events);
      } else if (choice === 'keepWallClock') {
        try {
          movedSchedule(activities, move);
        } catch (error) {
          if (!(error instanceof ScheduleError)) throw error;
          throw new ApiError(
            'invalid_input',
            `The schedule cannot keep its wall-clock times in ${move.toZone}: ${error.message} Or delete it instead.`,
          );
        }
      }
    },

    /**
     * Moves the agent's schedule and events to the same wall-clock times in the new zone, or
     * deletes them, in one transaction: what the agent timed since `check` is moved too, and a
     * failure changes nothing. Returns what changed, for `announce`.
     */
    apply(move: ZoneMove, choice: ZoneChangeChoice): ZoneChangeOutcome {
      const agent = move.agent.configName;
      const now = deps.clock.now();
      return store.transaction(() => {
        const { activities } = store.schedules.get(agent);
        if (activities.length > 0) {
          const kept = choice === 'keepWallClock' ? movedSchedule(activities, move) : [];
          store.schedules.replace(agent, kept, now);
        }
        const events = store.scheduledEvents.listOfAgent(agent);
        for (const event of events) {
          if (choice === 'delete') store.scheduledEvents.delete(event.conversation, event.id);
          else {
            const moved = eventAtSameWallClock(event, move.fromZone, move.toZone);
            store.scheduledEvents.put(event.conversation, event.id, moved, now);
          }
        }
        const conversations = new Map(
          events.map((event) => [conversationKeyString(event.conversation), event.conversation]),
        );
        return { agent, scheduleChanged: activities.length > 0, conversations: [...conversations.values()] };
      });
    },

    /** Tells the consoles what moved and has every engine arm its event timer for the new times. */
    announce(outcome: ZoneChangeOutcome): void {
      if (outcome.scheduleChanged) deps.events.emit('schedule.changed', { agent: outcome.agent });
      for (const conversation of outcome.conversations) deps.events.emit('events.changed', conversation);
      for (const engine of deps.engines) engine.refresh();
    },
  };
}
