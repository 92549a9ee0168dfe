import { type AgentScheduleView, ApiError } from '../../../shared/api';
import type { Clock } from '../../clock';
import type { ConfigService } from '../../config';
import { activityAt, checkSchedule, pruneEnded, ScheduleError } from '../../schedule';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';

export interface ScheduleHandlerDeps {
  store: Pick<Store, 'schedules'>;
  config: ConfigService;
  clock: Clock;
  events: EventHub;
  /** The zone of an agent whose file names none: the server's. */
  defaultTimeZone: string;
}

/**
 * Agents' daily schedules for the console: read one, or save a whole edited schedule (checked by
 * the schedule module, activities ended over two days ago dropped), announced as `schedule.changed`.
 */
export function createScheduleHandlers(
  deps: ScheduleHandlerDeps,
): Pick<ApiHandlers, 'schedule.get' | 'schedule.save'> {
  const timeZoneOf = (agent: string) => {
    const config = deps.config.config.agents.find((candidate) => candidate.configName === agent);
    if (!config) throw new ApiError('not_found', `There is no agent "${agent}".`);
    return config.timezone ?? deps.defaultTimeZone;
  };
  const view = (agent: string, timeZone: string): AgentScheduleView => {
    const stored = deps.store.schedules.get(agent);
    return {
      timeZone,
      activities: stored.activities,
      currentId: activityAt(stored.activities, deps.clock.now())?.id ?? null,
      lastExtendedAt: stored.lastExtendedAt,
    };
  };
  return {
    'schedule.get': ({ agent }) => view(agent, timeZoneOf(agent)),
    'schedule.save': ({ agent, activities }) => {
      const timeZone = timeZoneOf(agent);
      const now = deps.clock.now();
      let checked: ReturnType<typeof checkSchedule>;
      try {
        checked = pruneEnded(checkSchedule(activities), now);
      } catch (error) {
        if (error instanceof ScheduleError) throw new ApiError('invalid_input', error.message);
        throw error;
      }
      deps.store.schedules.replace(agent, checked, now);
      deps.events.emit('schedule.changed', { agent });
      return view(agent, timeZone);
    },
  };
}
