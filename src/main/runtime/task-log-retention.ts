import type { Logger } from '../logging';
import { type TaskLogRepository, taskLogRetentionCutoff } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps the task log within its retention window: prunes now, then once a day. Returns the stop function. */
export function scheduleTaskLogPruning(
  taskLog: TaskLogRepository,
  logger: Logger,
  now: () => Date = () => new Date(),
): () => void {
  const prune = () => {
    const removed = taskLog.pruneOlderThan(taskLogRetentionCutoff(now()));
    if (removed > 0) logger.info({ removed }, 'pruned old task log entries');
  };
  prune();
  const timer = setInterval(prune, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
