import type { Logger } from '../logging';
import type { ArchiveIndexQueue } from '../store';

/** How long a new message may wait for the full-text indexes: recall searches older ones. */
const INDEX_INTERVAL_MS = 1_000;

/**
 * Indexes the archive's queued messages (migration 027) now, then every second, and once more at
 * stop, so each batch costs the indexes one segment. A failure is logged and the queue kept: the
 * next batch takes it. Returns the stop function.
 */
export function scheduleArchiveIndexing(
  queue: Pick<ArchiveIndexQueue, 'indexPending'>,
  logger: Logger,
): () => void {
  let failing = false;
  const index = () => {
    try {
      queue.indexPending();
      failing = false;
    } catch (error) {
      // Once per run of failures, not every second.
      if (!failing) logger.error({ err: error }, 'could not index archived messages for search');
      failing = true;
    }
  };
  index();
  const timer = setInterval(index, INDEX_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    index();
  };
}
