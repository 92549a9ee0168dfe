import type { EventName, EventPayload } from '../../shared/api';

type AnyListener = (name: EventName, payload: unknown) => void;

/** Fans runtime events out to every connected console (IPC windows, WebSocket sessions). */
export class EventHub {
  readonly #listeners = new Set<AnyListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) listener(name, payload);
  }

  subscribe(listener: AnyListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
