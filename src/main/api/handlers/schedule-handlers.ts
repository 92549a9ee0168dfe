import { type AgentScheduleView, ApiError, type ScheduleEventMark } from '../../../shared/api';
import type { ScheduleActivity } from '../../../shared/domain/schedule';
import type { Clock } from '../../clock';
import { type ConfigService, PromptNotFoundError } from '../../config';
import { ScheduleExtensionError } from '../../engine';
import { LlmError } from '../../llm';
import {
  activityAt,
  checkSchedule,
  deleteActivity,
  insertActivity,
  newActivityId,
  pruneEnded,
  ScheduleError,
  updateActivity,
} from '../../schedule';
import type { Store } from '../../store';
import type { ApiHandlers } from '../dispatcher';
import type { EventHub } from '../event-hub';

export interface ScheduleHandlerDeps {
  store: Pick<Store, 'schedules' | 'scheduledEvents' | 'usage'>;
  config: ConfigService;
  clock: Clock;
  events: EventHub;
  /** The zone of an agent whose file names none: the server's. */
  defaultTimeZone: string;
  /** Has the agent's model plan its next days (see ScheduleExtender.extend). */
  extend: (agent: string) => Promise<{ written: number; refused: string[] }>;
}

type ScheduleProcedure =
  | 'schedule.get'
  | 'schedule.save'
  | 'schedule.put'
  | 'schedule.delete'
  | 'schedule.extend';

/** How many upcoming events per network the timeline marks: weeks ahead for any agent in use. */
const EVENT_MARKS_PER_NETWORK = 200;

/** Why "Extend now" did nothing, in the operator's words. */
function extensionRefusal(error: unknown): unknown {
  if (error instanceof ScheduleExtensionError) {
    return new ApiError(error.noSchedule ? 'invalid_input' : 'unavailable', error.message);
  }
  if (error instanceof LlmError)
    return new ApiError('unavailable', `The model could not plan: ${error.message}`);
  if (error instanceof PromptNotFoundError) return new ApiError('unavailable', error.message);
  return error;
}

/**
 * A schedule module refusal as the API says it: `invalid_input`, pointing at the field at fault
 * when the change was one activity (`fieldPrefix` is where its fields are in the input).
 */
export function scheduleRefusal(error: ScheduleError, fieldPrefix: string | null): ApiError {
  const issues =
    error.field && fieldPrefix !== null
      ? [{ path: `${fieldPrefix}${error.field}`, message: error.message }]
      : undefined;
  return new ApiError('invalid_input', error.message, issues);
}

/**
 * Agents' daily schedules for the console: read one with its upcoming events, save a whole edited
 * schedule, or put or delete one activity (the schedule module cuts the others around a put one,
 * as it does for the agent's own changes); activities ended over two days ago are dropped, and
 * each change is announced as `schedule.changed`.
 */
export function createScheduleHandlers(deps: ScheduleHandlerDeps): Pick<ApiHandlers, ScheduleProcedure> {
  const timeZoneOf = (agent: string) => {
    const config = deps.config.config.agents.find((candidate) => candidate.configName === agent);
    if (!config) throw new ApiError('not_found', `There is no agent "${agent}".`);
    return config.timezone ?? deps.defaultTimeZone;
  };
  const eventMarks = (agent: string): ScheduleEventMark[] =>
    (['simulator', 'telegram'] as const)
      .flatMap((network) => deps.store.scheduledEvents.soonest(network, [agent], EVENT_MARKS_PER_NETWORK))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
      .map(({ conversation, id, intent, dueAt }) => ({
        id,
        network: conversation.network,
        channelId: conversation.channelId,
        conversationName: deps.store.usage.conversationName(
          agent,
          conversation.network,
          conversation.channelId,
        ),
        intent,
        dueAt: dueAt.toISOString(),
      }));
  const view = (agent: string, timeZone: string): AgentScheduleView => {
    const stored = deps.store.schedules.get(agent);
    return {
      timeZone,
      activities: stored.activities,
      currentId: activityAt(stored.activities, deps.clock.now())?.id ?? null,
      lastExtendedAt: stored.lastExtendedAt,
      events: eventMarks(agent),
    };
  };
  /** Applies `change` to the agent's stored activities, keeps the result and announces it. */
  const change = (
    agent: string,
    fieldPrefix: string | null,
    apply: (activities: ScheduleActivity[]) => ScheduleActivity[],
  ): AgentScheduleView => {
    const timeZone = timeZoneOf(agent);
    const now = deps.clock.now();
    let changed: ScheduleActivity[];
    try {
      changed = pruneEnded(apply(deps.store.schedules.get(agent).activities), now);
    } catch (error) {
      if (error instanceof ScheduleError) throw scheduleRefusal(error, fieldPrefix);
      throw error;
    }
    deps.store.schedules.replace(agent, changed, now);
    deps.events.emit('schedule.changed', { agent });
    return view(agent, timeZone);
  };
  const notInSchedule = (agent: string, id: string) =>
    new ApiError('not_found', `${agent}'s schedule has no activity "${id}" any more (deleted meanwhile?).`);

  return {
    'schedule.get': ({ agent }) => view(agent, timeZoneOf(agent)),
    'schedule.save': ({ agent, activities }) => change(agent, null, () => checkSchedule(activities)),
    'schedule.put': ({ agent, activity }) => {
      const savedId = activity.id ?? newActivityId();
      const saved = change(agent, 'activity.', (activities) => {
        if (activity.id === undefined)
          return insertActivity(activities, { ...activity, id: savedId }, newActivityId);
        if (!activities.some((existing) => existing.id === activity.id)) throw notInSchedule(agent, savedId);
        const { id: _id, ...fields } = activity;
        return updateActivity(activities, savedId, fields, newActivityId);
      });
      return { ...saved, savedId };
    },
    'schedule.delete': ({ agent, id }) =>
      change(agent, null, (activities) => {
        if (!activities.some((existing) => existing.id === id)) throw notInSchedule(agent, id);
        return deleteActivity(activities, id);
      }),
    'schedule.extend': async ({ agent }) => {
      const timeZone = timeZoneOf(agent);
      try {
        const planned = await deps.extend(agent);
        return { ...view(agent, timeZone), ...planned };
      } catch (error) {
        throw extensionRefusal(error);
      }
    },
  };
}
