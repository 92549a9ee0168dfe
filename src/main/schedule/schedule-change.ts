import type { ScheduleActivity } from '../../shared/domain/schedule';
import { randomTaskId } from '../tasks/task-id';
import { deleteActivity, insertActivity, ScheduleError, updateActivity, utcTime } from './activities';

/** A `schedule` task's fields, as the model writes them (times with their offsets). */
export interface ScheduleTaskFields {
  id: string;
  start_time?: string;
  end_time?: string;
  activity_name?: string;
  responsiveness?: number;
  description?: string;
}

export type ScheduleChange =
  | { outcome: 'created' | 'updated'; activities: ScheduleActivity[]; activity: ScheduleActivity }
  | { outcome: 'deleted'; activities: ScheduleActivity[] };

const FIELDS_OF_NEW = ['start_time', 'end_time', 'activity_name', 'responsiveness'] as const;

/**
 * What a `schedule` task does to the activities: an id the schedule has is changed (only the
 * fields given) or, with an empty name, deleted; any other id is a new activity and needs every
 * field. Throws `ScheduleError` saying what to fix; the activities passed in stay as they were.
 */
export function applyScheduleTask(
  activities: readonly ScheduleActivity[],
  task: ScheduleTaskFields,
  newId: () => string,
): ScheduleChange {
  const exists = activities.some((activity) => activity.id === task.id);
  if (exists && task.activity_name !== undefined && task.activity_name.trim() === '') {
    return { outcome: 'deleted', activities: deleteActivity(activities, task.id) };
  }
  if (exists) {
    const change: Partial<Omit<ScheduleActivity, 'id'>> = {};
    if (task.start_time !== undefined) change.start = utcTime(task.start_time, 'start_time');
    if (task.end_time !== undefined) change.end = utcTime(task.end_time, 'end_time');
    if (task.activity_name !== undefined) change.name = task.activity_name;
    if (task.responsiveness !== undefined) change.responsiveness = task.responsiveness;
    if (task.description !== undefined) change.description = task.description;
    const updated = updateActivity(activities, task.id, change, newId);
    return { outcome: 'updated', activities: updated, activity: updated.find((a) => a.id === task.id)! };
  }
  const missing = FIELDS_OF_NEW.filter((field) => task[field] === undefined);
  if (task.activity_name?.trim() === '') {
    throw new ScheduleError(`There is no activity with the id ${task.id} to delete.`);
  }
  if (missing.length > 0) {
    throw new ScheduleError(
      `There is no activity with the id ${task.id}; a new one needs ${missing.join(', ')}.`,
    );
  }
  const activity: ScheduleActivity = {
    id: task.id,
    start: task.start_time!,
    end: task.end_time!,
    name: task.activity_name!,
    responsiveness: task.responsiveness!,
    description: task.description ?? '',
  };
  const created = insertActivity(activities, activity, newId);
  return { outcome: 'created', activities: created, activity: created.find((a) => a.id === task.id)! };
}

/** A fresh activity id: `act-` and 8 hex digits, like every id Troupe makes. */
export const newActivityId = (): string => randomTaskId('act');
