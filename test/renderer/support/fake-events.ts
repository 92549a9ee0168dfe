import type { ConversationRef } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import {
  type EventDraft,
  type EventsList,
  eventsProcedures,
  type ScheduledEventView,
} from '../../../src/shared/api/events-contract';

type EventsProcedure = keyof typeof eventsProcedures;

export function isEventsProcedure(method: string): method is EventsProcedure {
  return Object.hasOwn(eventsProcedures, method);
}

/** What the fake events read from the fake runtime: its clock and its event hub. */
export interface FakeEventsRuntime {
  now: Date;
  emit(name: 'events.changed', payload: ConversationRef): void;
}

const keyOf = ({ agent, network, channelId }: ConversationRef) => `${agent}/${network}/${channelId}`;

/**
 * Scheduled events per conversation, in UTC with the local times written as given (the fake
 * agents live in UTC). Refuses times before the runtime's `now`, as the engine does.
 */
export class FakeEvents {
  readonly #runtime: FakeEventsRuntime;
  readonly #events = new Map<string, ScheduledEventView[]>();
  #nextId = 1;

  constructor(runtime: FakeEventsRuntime) {
    this.#runtime = runtime;
  }

  /** Puts an event in place, as the agent's own `event` task would (announced like one). */
  seed(ref: ConversationRef, event: Partial<ScheduledEventView> & { localTime: string; intent: string }) {
    const view = this.#view(event.id ?? `event-${this.#nextId++}`, {
      ...event,
      interval: null,
      occurrences: null,
    });
    this.#listOf(ref).push({ ...view, ...event });
    this.#runtime.emit('events.changed', ref);
  }

  answer(method: EventsProcedure, input: unknown): EventsList | (EventsList & { savedId: string }) {
    const ref = input as ConversationRef & { id?: string; event?: EventDraft };
    switch (method) {
      case 'events.list':
        return this.#listed(ref);
      case 'events.save': {
        const draft = ref.event!;
        if (Date.parse(`${draft.time}Z`) < this.#runtime.now.getTime())
          throw new ApiError('invalid_input', `Time ${draft.time} is in the past.`);
        const id = ref.id ?? `event-${this.#nextId++}`;
        const others = this.#listOf(ref).filter((event) => event.id !== id);
        this.#events.set(keyOf(ref), [...others, this.#view(id, { ...draft, localTime: draft.time })]);
        this.#runtime.emit('events.changed', refOnly(ref));
        return { ...this.#listed(ref), savedId: id };
      }
      case 'events.delete': {
        const list = this.#listOf(ref);
        if (!list.some((event) => event.id === ref.id))
          throw new ApiError('not_found', `There is no event "${ref.id}" here to delete.`);
        this.#events.set(
          keyOf(ref),
          list.filter((event) => event.id !== ref.id),
        );
        this.#runtime.emit('events.changed', refOnly(ref));
        return this.#listed(ref);
      }
      default:
        return method satisfies never;
    }
  }

  #view(
    id: string,
    draft: { intent: string; localTime: string; interval: string | null; occurrences: number | null },
  ): ScheduledEventView {
    return {
      id,
      intent: draft.intent,
      dueAt: new Date(`${draft.localTime}:00Z`).toISOString(),
      localTime: draft.localTime.slice(0, 16),
      interval: draft.interval,
      remaining: draft.interval === null ? null : draft.occurrences,
      firedCount: 0,
      lastFiredAt: null,
    };
  }

  #listOf(ref: ConversationRef): ScheduledEventView[] {
    let list = this.#events.get(keyOf(ref));
    if (!list) {
      list = [];
      this.#events.set(keyOf(ref), list);
    }
    return list;
  }

  #listed(ref: ConversationRef): EventsList {
    const events = [...this.#listOf(ref)].sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    return { timeZone: 'UTC', events };
  }
}

function refOnly({ agent, network, channelId }: ConversationRef): ConversationRef {
  return { agent, network, channelId };
}
