import type { Logger } from '../logging';
import { LEDGER_RETENTION_DAYS, type TaskLogRepository, taskLogRetentionCutoff } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the task log within its retention window (the cost ledger within its longer one, so
 * spending can be read over months): prunes now, then once a day. Returns the stop function.
 */
export function scheduleTaskLogPruning(
  taskLog: TaskLogRepository,
  logger: Logger,
  now: () => Date = () => new Date(),
): () => void {
  const prune = () => {
    const at = now();
    const removed =
      taskLog.pruneOlderThan(taskLogRetentionCutoff(at)) +
      taskLog.pruneLedgerOlderThan(taskLogRetentionCutoff(at, LEDGER_RETENTION_DAYS));
    if (removed > 0) logger.info({ removed }, 'pruned old task log entries');
  };
  prune();
  const timer = setInterval(prune, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
