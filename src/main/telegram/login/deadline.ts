import { CallTimeoutError, withCallTimeout } from '../connection';
import { LoginError } from './login-error';

/**
 * `work`, or a LoginError once `ms` have passed: GramJS waits for an answer forever, and a login
 * step must never leave the operator waiting on a silent server. `signal` gives up at once, with
 * its reason (the login service is shutting down).
 */
export async function withinDeadline<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await withCallTimeout(work, ms, what, signal);
  } catch (error) {
    if (!(error instanceof CallTimeoutError)) throw error;
    throw new LoginError(
      'unavailable',
      `Telegram did not answer ${what} within ${Math.round(ms / 1000)} seconds; check the connection and try again.`,
    );
  }
}
