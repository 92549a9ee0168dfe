import { MessagingError } from '../../messaging/port';

/**
 * How Telegram refused an operator's action on the account. Kept apart from account-actions.ts,
 * which reads GramJS's errors, so the API's handlers tell them apart without loading GramJS.
 */

/** A value Telegram refused, told against the field of the form that holds it. */
export class ProfileFieldError extends MessagingError {
  readonly field: string;

  constructor(field: string, message: string, cause?: unknown) {
    super(message, { retryable: false, cause });
    this.name = 'ProfileFieldError';
    this.field = field;
  }
}

/**
 * The account is cooling down after a flood wait: the action may be tried after `seconds`. The
 * wait is the whole account's, so when another action brought it on, the message names that one
 * (`after`): the operator learns why an untouched page cannot load, and that the agent waits too.
 */
export class FloodWaitRefusal extends MessagingError {
  readonly seconds: number;

  constructor(seconds: number, what: string, after: string | null, cause?: unknown) {
    const message =
      after === null || after === what
        ? `Telegram asks to wait ${seconds} s before ${what} again.`
        : `Telegram asked the account to wait after ${after}: ${what} works again in ${seconds} s (the agent neither reads nor writes until then).`;
    super(message, {
      retryable: true,
      retryAfterSeconds: seconds,
      cause,
    });
    this.name = 'FloodWaitRefusal';
    this.seconds = seconds;
  }
}
