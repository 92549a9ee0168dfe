import { LlmError } from './provider';

/** How long a call may take when neither the query nor the provider's options say. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

export interface DeadlineOptions {
  timeoutMs: number;
  /** The caller's cancellation; aborting it fails the call at once. */
  signal?: AbortSignal | undefined;
  providerLabel: string;
}

/**
 * Runs `call` with a signal that aborts at the deadline or when the caller aborts, and settles
 * then even if the SDK keeps waiting on a socket: the deadline bounds the whole call (headers and
 * body), which the SDKs' own timeouts do not both promise. Either way the call fails with a
 * retryable `timeout` LlmError.
 */
export function callWithDeadline<T>(
  options: DeadlineOptions,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { timeoutMs, signal: callerSignal, providerLabel } = options;
  const controller = new AbortController();
  const cancelled = () =>
    new LlmError('timeout', `The ${providerLabel} request was cancelled.`, { retryable: true });
  if (callerSignal?.aborted) return Promise.reject(cancelled());

  return new Promise<T>((resolve, reject) => {
    const stop = (error: LlmError) => {
      controller.abort(error);
      reject(error);
    };
    const timer = setTimeout(
      () =>
        stop(
          new LlmError('timeout', `${providerLabel} did not answer within ${timeoutMs} ms.`, {
            retryable: true,
          }),
        ),
      timeoutMs,
    );
    const onCallerAbort = () => stop(cancelled());
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

    call(controller.signal)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        callerSignal?.removeEventListener('abort', onCallerAbort);
      });
  });
}
