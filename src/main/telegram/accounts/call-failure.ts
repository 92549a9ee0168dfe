import { MessagingError } from '../../messaging/port';
import type { TelegramFault } from './telegram-faults';

/** What a failure does to the account besides failing the call. */
export interface FailureEffects {
  /** The call, as the message names it ("messages.SendMessage"). */
  what: string;
  agent: string;
  /** The whole account pauses for `seconds` (FLOOD_WAIT). */
  coolDown: (seconds: number) => void;
  /** Sends stop (PEER_FLOOD); returns the sentence that says until when. */
  stopSends: (code: string) => string;
  /** The session is gone. */
  logOut: (code: string) => void;
}

/** An error's message, for the account's problem line and its log. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The MessagingError a failed Telegram call becomes, in words the operator and the engine can act
 * on (retryable or not, and after how long), after applying what the fault means for the whole
 * account (a cool-down, stopped sends, a lost session).
 */
export function failureOf(fault: TelegramFault, error: unknown, effects: FailureEffects): MessagingError {
  const { what } = effects;
  switch (fault.kind) {
    case 'flood-wait':
      effects.coolDown(fault.seconds);
      return new MessagingError(`Telegram asked to wait ${fault.seconds} s (${fault.code}) on ${what}.`, {
        retryable: true,
        retryAfterSeconds: fault.seconds,
        cause: error,
      });
    case 'chat-wait':
      return new MessagingError(`This chat is in slow mode: wait ${fault.seconds} s (${fault.code}).`, {
        retryable: true,
        retryAfterSeconds: fault.seconds,
        cause: error,
      });
    case 'send-limit':
      return new MessagingError(effects.stopSends(fault.code), { retryable: false, cause: error });
    case 'logged-out':
      effects.logOut(fault.code);
      return new MessagingError(`Telegram ended ${effects.agent}'s session (${fault.code}); log in again.`, {
        retryable: false,
        cause: error,
      });
    case 'transient':
      return new MessagingError(`${what} failed for now (${describeError(error)}).`, {
        retryable: true,
        cause: error,
      });
    case 'refused':
      return new MessagingError(`Telegram refused ${what}: ${fault.code}.`, {
        retryable: false,
        cause: error,
      });
  }
}
