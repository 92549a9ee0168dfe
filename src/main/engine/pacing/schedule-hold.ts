import type { ScheduleActivity } from '../../../shared/domain/schedule';
import { activityAt, awakeAt, DEFAULT_RESPONSIVENESS, replyDelaySeconds } from '../../schedule';
import { receivedParams } from '../graph/received-task';
import type { TaskNode } from '../graph/task-graph';

/** Until when the agent's schedule holds a turn back, and why. */
export interface ScheduleHold {
  until: Date;
  /** Asleep (responsiveness 0) rather than busy. */
  asleep: boolean;
  /** The activity holding it; null in a gap of the schedule. */
  activity: string | null;
}

export interface ScheduleHoldInput {
  activities: readonly ScheduleActivity[];
  /** A pending received task. */
  received: TaskNode;
  /** The agent already shows as online in the conversation: it answers as soon as it can. */
  online: boolean;
  /** Pacing is off (fast simulation, benchmarks): no reply delay, but sleep still holds. */
  pacingOff: boolean;
  now: Date;
}

/**
 * How the agent's daily schedule holds back a turn that people asked for, as a person's day
 * would: asleep (responsiveness 0) it waits until it wakes, however long that is, and catches up
 * then; awake it lets a message wait by how busy it is (4 s at 100, up to 120 s at 1) counted
 * from when the turn was asked, unless it is online in the chat already. Turns the agent or the
 * operator started (xsend, a due event, the operator's guidance) are not held. An agent without
 * a schedule is never held. Null when nothing holds the turn now.
 */
export function scheduleHold(input: ScheduleHoldInput): ScheduleHold | null {
  const { activities, now } = input;
  if (activities.length === 0) return null;
  const trigger = receivedParams(input.received);
  const selfStarted =
    trigger.xsendIntent !== null || trigger.guidance !== null || trigger.eventIntents.length > 0;
  if (selfStarted) return null;
  const current = activityAt(activities, now);
  const activity = current?.name ?? null;
  const delaySeconds = replyDelaySeconds(current?.responsiveness ?? DEFAULT_RESPONSIVENESS);
  if (delaySeconds === null) return { until: awakeAt(activities, now), asleep: true, activity };
  if (input.online || input.pacingOff) return null;
  const until = Date.parse(input.received.createdAt) + delaySeconds * 1000;
  return until > now.getTime() ? { until: new Date(until), asleep: false, activity } : null;
}

/** Whether the agent is asleep at `now` by its schedule. */
export function isAsleep(activities: readonly ScheduleActivity[], now: Date): boolean {
  return activityAt(activities, now)?.responsiveness === 0;
}
