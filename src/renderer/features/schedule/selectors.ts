import type { ScheduleState } from './store';

export const scheduleSelectors = {
  actions: (state: ScheduleState) => state.actions,
  /** One agent's schedule entry; undefined before it is first followed. */
  of: (agent: string) => (state: ScheduleState) => state.agents[agent],
};
