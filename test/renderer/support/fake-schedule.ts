import { scheduleRefusal } from '../../../src/main/api/handlers/schedule-handlers';
import {
  activityAt,
  checkSchedule,
  deleteActivity,
  insertActivity,
  ScheduleError,
  updateActivity,
} from '../../../src/main/schedule';
import { ApiError, type ProcedureInput } from '../../../src/shared/api';
import {
  type AgentScheduleView,
  type ScheduleEventMark,
  scheduleProcedures,
} from '../../../src/shared/api/schedule-contract';
import type { ScheduleActivity } from '../../../src/shared/domain/schedule';

type ScheduleProcedure = keyof typeof scheduleProcedures;

export function isScheduleProcedure(method: string): method is ScheduleProcedure {
  return Object.hasOwn(scheduleProcedures, method);
}

/** What the fake schedules read from the fake runtime: its clock and its event hub. */
export interface FakeSchedulesRuntime {
  now: Date;
  emit(name: 'schedule.changed', payload: { agent: string }): void;
}

/**
 * Agents' schedules (`schedule.*`) changed by the product's own schedule module, so a put cuts
 * what it overlaps as the runtime does. Each agent lives in `timeZones` (UTC unless a test says).
 */
export class FakeSchedules {
  readonly #runtime: FakeSchedulesRuntime;
  readonly activities = new Map<string, ScheduleActivity[]>();
  readonly timeZones = new Map<string, string>();
  /** Each agent's upcoming events as the timeline marks them. */
  readonly events = new Map<string, ScheduleEventMark[]>();
  /** When each agent's schedule was last extended ("Extend now"). */
  readonly lastExtendedAt = new Map<string, string>();
  /** Set to make "Extend now" fail with this message. */
  extendFailure: string | null = null;
  #nextId = 1;

  constructor(runtime: FakeSchedulesRuntime) {
    this.#runtime = runtime;
  }

  /** Puts a schedule in place, as the agent's own changes would (announced like them). */
  seed(agent: string, activities: ScheduleActivity[]) {
    this.activities.set(agent, checkSchedule(activities));
    this.#runtime.emit('schedule.changed', { agent });
  }

  answer(
    method: ScheduleProcedure,
    input: unknown,
  ):
    | AgentScheduleView
    | (AgentScheduleView & { savedId: string })
    | (AgentScheduleView & { written: number }) {
    const { agent } = input as { agent: string };
    switch (method) {
      case 'schedule.get':
        return this.#view(agent);
      case 'schedule.save': {
        const { activities } = input as ProcedureInput<'schedule.save'>;
        return this.#change(agent, null, () => checkSchedule(activities));
      }
      case 'schedule.put': {
        const { activity } = input as ProcedureInput<'schedule.put'>;
        const savedId = activity.id ?? `act-${this.#nextId++}`;
        const view = this.#change(agent, 'activity.', (activities) =>
          activity.id === undefined
            ? insertActivity(activities, { ...activity, id: savedId }, this.#newId)
            : updateActivity(activities, savedId, activity, this.#newId),
        );
        return { ...view, savedId };
      }
      case 'schedule.delete': {
        const { id } = input as ProcedureInput<'schedule.delete'>;
        return this.#change(agent, null, (activities) => deleteActivity(activities, id));
      }
      case 'schedule.extend':
        return this.#extend(agent);
      default:
        return method satisfies never;
    }
  }

  readonly #newId = () => `act-${this.#nextId++}`;

  /**
   * "Extend now" as a model that plans one restful day after the schedule's end would, unless a
   * test set `extendFailure` (the refusal the runtime would give).
   */
  #extend(agent: string): AgentScheduleView & { written: number; refused: string[] } {
    if (this.extendFailure !== null) throw new ApiError('unavailable', this.extendFailure);
    const activities = this.activities.get(agent) ?? [];
    const end = Math.max(this.#runtime.now.getTime(), ...activities.map((a) => Date.parse(a.end)));
    const planned = {
      id: this.#newId(),
      start: new Date(end).toISOString(),
      end: new Date(end + 24 * 3_600_000).toISOString(),
      name: 'A quiet day',
      responsiveness: 50,
      description: 'Planned by the model',
    };
    this.activities.set(agent, [...activities, planned]);
    this.lastExtendedAt.set(agent, this.#runtime.now.toISOString());
    this.#runtime.emit('schedule.changed', { agent });
    return { ...this.#view(agent), written: 1, refused: [] };
  }

  #change(
    agent: string,
    fieldPrefix: string | null,
    apply: (activities: ScheduleActivity[]) => ScheduleActivity[],
  ): AgentScheduleView {
    try {
      this.activities.set(agent, apply(this.activities.get(agent) ?? []));
    } catch (error) {
      if (error instanceof ScheduleError) throw scheduleRefusal(error, fieldPrefix);
      throw error;
    }
    this.#runtime.emit('schedule.changed', { agent });
    return this.#view(agent);
  }

  #view(agent: string): AgentScheduleView {
    const activities = this.activities.get(agent) ?? [];
    return {
      timeZone: this.timeZones.get(agent) ?? 'UTC',
      activities,
      currentId: activityAt(activities, this.#runtime.now)?.id ?? null,
      lastExtendedAt: this.lastExtendedAt.get(agent) ?? null,
      events: this.events.get(agent) ?? [],
    };
  }
}
