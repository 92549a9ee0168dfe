import { errorMessage } from '../../../api/errors';
import type { Loadable, MemoryPart, MemoryState, PartValue } from './types';

/** A change of a loaded value: shown at once, settled by the runtime's answer, undone on refusal. */
export type Mutation<V, R> = {
  call: () => Promise<R>;
  /** What the operator sees at once, before the runtime answers. */
  show?: ((value: V) => V) | undefined;
  /** The value with the runtime's answer in it. */
  settle?: ((value: V, result: R) => V) | undefined;
  /** Takes back what `show` did, and only that: other changes made meanwhile stay. */
  undo?: ((value: V) => V) | undefined;
};

export type Parts = {
  /**
   * Fetches one record: keeps what is shown while a refresh runs, applies only the latest
   * answer, and fetches again when a change was made while the answer was on its way.
   */
  load<P extends MemoryPart>(part: P, key: string, fetch: () => Promise<PartValue<P>>): Promise<void>;
  mutate<P extends MemoryPart, R>(part: P, key: string, mutation: Mutation<PartValue<P>, R>): Promise<R>;
  /**
   * A view shows the record until it calls the release returned; only records on screen follow
   * live changes. `fetch` runs when no other view shows it already, as those keep it current.
   */
  follow(part: MemoryPart, key: string, fetch: () => void): () => void;
  /** Fetches a record again, if a view shows it. */
  reload(part: MemoryPart, key: string): void;
  /** Keys of the records of a part that were fetched. */
  loadedKeys(part: MemoryPart): string[];
  /** Fetches again every record a view shows. */
  reloadAll(): void;
};

type Slot = { request: number; version: number; viewers: number; reload: (() => Promise<void>) | null };

/** What a record holds before its first answer, or when that answer was an error. */
const EMPTY: { [P in MemoryPart]: PartValue<P> } = {
  lists: [],
  people: [],
  facts: { current: [], history: [] },
  profiles: null,
  summaries: [],
  sessions: [],
};

type SetState = (change: (state: MemoryState) => Partial<MemoryState>) => void;

export function createParts(set: SetState, get: () => MemoryState): Parts {
  const slots = new Map<string, Slot>();
  const slotOf = (part: MemoryPart, key: string) => {
    const id = `${part}\u0000${key}`;
    let slot = slots.get(id);
    if (!slot) {
      slot = { request: 0, version: 0, viewers: 0, reload: null };
      slots.set(id, slot);
    }
    return slot;
  };

  const patch = <P extends MemoryPart>(
    part: P,
    key: string,
    change: (current: Loadable<PartValue<P>> | undefined) => Loadable<PartValue<P>> | undefined,
  ) =>
    set((s) => {
      const next = change(s[part][key] as Loadable<PartValue<P>> | undefined);
      return next ? ({ [part]: { ...s[part], [key]: next } } as Partial<MemoryState>) : {};
    });
  /** Changes the value of a record that holds one; records still loading are left alone. */
  const patchValue = <P extends MemoryPart>(
    part: P,
    key: string,
    change: (value: PartValue<P>) => PartValue<P>,
  ) =>
    patch(part, key, (current) =>
      current && current.status === 'ready' ? { ...current, value: change(current.value) } : undefined,
    );

  const load: Parts['load'] = async (part, key, fetch) => {
    const slot = slotOf(part, key);
    slot.reload = () => load(part, key, fetch);
    const request = ++slot.request;
    const version = slot.version;
    patch(part, key, (current) =>
      current?.status === 'ready'
        ? current
        : { status: 'loading', value: current?.value ?? EMPTY[part], error: null },
    );
    try {
      const value = await fetch();
      if (request !== slot.request) return;
      if (version !== slot.version) return load(part, key, fetch);
      patch(part, key, () => ({ status: 'ready', value, error: null }));
    } catch (error) {
      if (request !== slot.request) return;
      patch(part, key, (current) => ({
        status: current?.status === 'ready' ? 'ready' : 'error',
        value: current?.value ?? EMPTY[part],
        error: errorMessage(error),
      }));
    }
  };

  const mutate: Parts['mutate'] = async (part, key, { call, show, settle, undo }) => {
    const slot = slotOf(part, key);
    // Answers fetched before or during the change may not hold it: those loads fetch again.
    slot.version += 1;
    if (show) patchValue(part, key, show);
    try {
      const result = await call();
      slot.version += 1;
      if (settle) patchValue(part, key, (value) => settle(value, result));
      return result;
    } catch (error) {
      slot.version += 1;
      if (undo) patchValue(part, key, undo);
      throw error;
    }
  };

  const follow: Parts['follow'] = (part, key, fetch) => {
    const slot = slotOf(part, key);
    slot.viewers += 1;
    if (slot.viewers === 1) fetch();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      slot.viewers -= 1;
    };
  };

  // A record no view shows is left as it is: the next view to show it fetches it anew.
  const reload = (part: MemoryPart, key: string) => {
    const slot = slotOf(part, key);
    if (slot.viewers > 0) void slot.reload?.();
  };

  return {
    load,
    mutate,
    follow,
    reload,
    loadedKeys: (part) => Object.keys(get()[part]),
    reloadAll() {
      for (const slot of slots.values()) if (slot.viewers > 0) void slot.reload?.();
    },
  };
}
