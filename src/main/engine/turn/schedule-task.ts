import { applyScheduleTask, newActivityId, pruneEnded, ScheduleError } from '../../schedule';
import type { Store } from '../../store';
import type { TaskParamsByKind } from '../../tasks/kinds';

/** What the task log keeps of a `schedule` task: the outcome and the activity, or why not. */
export interface ScheduleTaskResult {
  details: Record<string, unknown>;
  failure: string | null;
}

/**
 * Applies the agent's `schedule` task to its daily schedule (inside the turn's transaction). An
 * agent whose file has no Daily Schedule keeps none, so the task is refused; a refused change
 * leaves the stored schedule as it was.
 */
export function applyScheduleTaskOf(
  store: Pick<Store, 'schedules'>,
  id: string,
  params: TaskParamsByKind['schedule'],
  context: { agent: string; keepsSchedule: boolean; now: Date },
): ScheduleTaskResult {
  const asked = { ...params, id };
  if (!context.keepsSchedule) {
    return {
      details: { ...asked, outcome: 'refused' },
      failure: 'schedule task: this agent keeps no daily schedule (its file has no Daily Schedule section).',
    };
  }
  try {
    const stored = store.schedules.get(context.agent).activities;
    const change = applyScheduleTask(stored, { id, ...params }, newActivityId);
    store.schedules.replace(context.agent, pruneEnded(change.activities, context.now), context.now);
    return {
      details: {
        ...asked,
        outcome: change.outcome,
        ...('activity' in change ? { start: change.activity.start, end: change.activity.end } : {}),
      },
      failure: null,
    };
  } catch (error) {
    if (!(error instanceof ScheduleError)) throw error;
    return { details: { ...asked, outcome: 'refused' }, failure: `schedule task: ${error.message}` };
  }
}
