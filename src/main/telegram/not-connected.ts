import { MessagingError } from '../messaging/port';

/** What a call for an agent without a connected Telegram account fails with (retryable: it may connect). */
export function notConnected(agent: string): MessagingError {
  return new MessagingError(`${agent} is not connected to Telegram.`, { retryable: true });
}
