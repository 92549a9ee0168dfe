/**
 * Daily schedules: what the agent is doing at any time (its activities, each with how readily it
 * answers), kept valid as the model and the operator change it, and what that means for replies
 * (their delay, sleep) and for extending it. Pure: storage and the engine use it.
 */
export {
  checkActivity,
  checkSchedule,
  deleteActivity,
  insertActivity,
  KEPT_PAST_MS,
  pruneEnded,
  ScheduleError,
  updateActivity,
  utcTime,
} from './activities';
export { EXTEND_WHEN_LEFT_MS, extensionWindow, needsExtension, scheduleEnd } from './extension';
export {
  activityAt,
  awakeAt,
  DEFAULT_RESPONSIVENESS,
  replyDelaySeconds,
  responsivenessAt,
} from './responsiveness';
export {
  applyScheduleTask,
  newActivityId,
  type ScheduleChange,
  type ScheduleTaskFields,
} from './schedule-change';
export { localIso, scheduleDocument } from './schedule-document';
export { moveToZone, sameWallClock } from './zone-move';
