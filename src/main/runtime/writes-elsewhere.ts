import type { Store } from '../store';

/** How long what the repositories keep may lag behind another process's writes. */
const CHECK_INTERVAL_MS = 1_000;

/**
 * Asks the store every second whether another process wrote its database, so that what the
 * repositories keep of what they read never outlives such a write by more than that. Returns
 * the stop function.
 */
export function noticeWritesElsewhere(store: Pick<Store, 'noticeWritesElsewhere'>): () => void {
  const timer = setInterval(() => store.noticeWritesElsewhere(), CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
