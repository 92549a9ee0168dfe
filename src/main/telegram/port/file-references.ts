import { MessagingError } from '../../messaging/port';
import { rpcErrorCode } from '../accounts';
import type { AccountContext } from './account-context';

/** Whether a failed call named a file by a reference Telegram has since expired. */
export function isFileReferenceExpired(error: unknown): boolean {
  const cause = error instanceof MessagingError ? error.cause : error;
  const code = rpcErrorCode(cause) ?? rpcErrorCode(error);
  return code === 'FILE_REFERENCE_EXPIRED';
}

/**
 * Runs `attempt` (which looks its file up, then uses it), and once more after renewing the
 * account's file references when Telegram says the one it used has expired: references are
 * only good for a while, and a Saved-Messages file or a sticker set read an hour ago may hold a
 * stale one. A second expiry is the caller's failure.
 */
export async function withFreshFileReference<T>(
  context: AccountContext,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isFileReferenceExpired(error)) throw error;
    context.renewFileReferences();
    return attempt();
  }
}
