import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import type { AgentScheduleView } from '../../../shared/api/schedule-contract';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import type { ActivityDraft } from './model/activity-form';

export type AgentSchedule = {
  status: LoadStatus;
  value: AgentScheduleView | null;
  error: string | null;
};

export interface ScheduleActions {
  /** Shows an agent's schedule: fetched now, and again on each `schedule.changed` for it. */
  follow(agent: string): () => void;
  load(agent: string): Promise<void>;
  /** Adds (no id) or changes an activity; rejects with the runtime's refusal, the schedule kept. Resolves its id. */
  put(agent: string, activity: ActivityDraft): Promise<string>;
  remove(agent: string, id: string): Promise<void>;
  /** Has the agent's model plan its next days now; rejects with why it could not. */
  extend(agent: string): Promise<ExtendOutcome>;
  /** The runtime says the agent's schedule changed (the agent's own task, another console). */
  applyChanged(agent: string): void;
  resync(): void;
}

/** What an Extend now did: how many activities the model added, and the ones refused with why. */
export type ExtendOutcome = { written: number; refused: string[] };

export type ScheduleState = {
  agents: Record<string, AgentSchedule>;
  actions: ScheduleActions;
};

export type ScheduleStore = StoreApi<ScheduleState>;

/**
 * The schedules of the agents a view shows, mirrored from the runtime: fetched while followed,
 * again on `schedule.changed` and after a reconnect. Each change answers the schedule as it is
 * now, shown at once; a refused one leaves the schedule shown as it was.
 */
export function createScheduleStore(api: ApiClient): ScheduleStore {
  const followers = new Map<string, number>();
  // The latest request per agent: an answer overtaken by a later one is dropped.
  const latest = new Map<string, number>();

  return createStore<ScheduleState>()((set, get) => {
    const patch = (agent: string, change: Partial<AgentSchedule>) =>
      set((state) => ({
        agents: {
          ...state.agents,
          [agent]: { ...(state.agents[agent] ?? { status: 'idle', value: null, error: null }), ...change },
        },
      }));
    const nextRequest = (agent: string) => {
      const request = (latest.get(agent) ?? 0) + 1;
      latest.set(agent, request);
      return request;
    };
    const show = (agent: string, value: AgentScheduleView) => {
      nextRequest(agent);
      patch(agent, { status: 'ready', value, error: null });
    };

    const actions: ScheduleActions = {
      follow(agent) {
        followers.set(agent, (followers.get(agent) ?? 0) + 1);
        void actions.load(agent);
        return () => {
          const left = (followers.get(agent) ?? 1) - 1;
          if (left === 0) followers.delete(agent);
          else followers.set(agent, left);
        };
      },
      async load(agent) {
        const request = nextRequest(agent);
        if (get().agents[agent]?.status !== 'ready') patch(agent, { status: 'loading', error: null });
        try {
          const value = await api.call('schedule.get', { agent });
          if (latest.get(agent) === request) patch(agent, { status: 'ready', value, error: null });
        } catch (error) {
          if (latest.get(agent) !== request) return;
          patch(agent, {
            status: get().agents[agent]?.value ? 'ready' : 'error',
            error: errorMessage(error),
          });
        }
      },
      async put(agent, activity) {
        const { savedId, ...value } = await api.call('schedule.put', { agent, activity });
        show(agent, value);
        return savedId;
      },
      async remove(agent, id) {
        show(agent, await api.call('schedule.delete', { agent, id }));
      },
      async extend(agent) {
        const { written, refused, ...value } = await api.call('schedule.extend', { agent });
        show(agent, value);
        return { written, refused };
      },
      applyChanged(agent) {
        if (followers.has(agent)) void actions.load(agent);
      },
      resync() {
        for (const agent of followers.keys()) void actions.load(agent);
      },
    };
    return { agents: {}, actions };
  });
}

export const ScheduleStoreContext = createContext<ScheduleStore | null>(null);

export function useScheduleStore<T>(selector: (state: ScheduleState) => T): T {
  const store = useContext(ScheduleStoreContext);
  if (!store) throw new Error('useScheduleStore needs a ScheduleStoreContext provider.');
  return useStore(store, selector);
}
