import type { EventName, EventPayload } from '../../shared/api';

type AnyListener = (name: EventName, payload: unknown) => void;

/** Fans runtime events out to every connected console (IPC windows, WebSocket sessions). */
export class EventHub {
  /** Each listener with the events it takes; null: every event. */
  readonly #listeners = new Map<AnyListener, ReadonlySet<EventName> | null>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const [listener, names] of this.#listeners) if (!names || names.has(name)) listener(name, payload);
  }

  /** Calls `listener` with every event, or with those named only; returns the unsubscribe. */
  subscribe(listener: AnyListener, names?: readonly EventName[]): () => void {
    this.#listeners.set(listener, names ? new Set(names) : null);
    return () => this.#listeners.delete(listener);
  }

  /** Whether an event would reach anyone now: what nobody hears need not be built. */
  isHeard(name: EventName): boolean {
    for (const names of this.#listeners.values()) if (!names || names.has(name)) return true;
    return false;
  }
}
