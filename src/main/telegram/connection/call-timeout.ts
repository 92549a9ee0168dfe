/** A Telegram call that got no answer in time. GramJS has no request timeout of its own. */
export class CallTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} got no answer from Telegram within ${Math.round(ms / 1000)} s`);
    this.name = 'CallTimeoutError';
  }
}

/**
 * Races `promise` against a deadline and, when given, an abort signal (the account is closing:
 * nobody should wait for a client that is going away). The call itself cannot be cancelled
 * (GramJS keeps it queued and may still deliver it), so a timed-out send stays safe only through
 * its random_id.
 */
export async function withCallTimeout<T>(
  promise: Promise<T>,
  ms: number,
  what: string,
  signal?: AbortSignal,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CallTimeoutError(what, ms)), ms);
    if (!signal) return;
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
