import type { Clock } from '../../clock';
import { MessagingError } from '../../messaging/port';
import { classifyTelegramError, rpcErrorCode, type TelegramAccount } from '../accounts';
import { FloodWaitRefusal, ProfileFieldError } from './account-refusals';

/** Telegram's refusals of profile values, in words that say what to change. */
const FIELD_REFUSALS: Record<string, { field: string; message: string }> = {
  USERNAME_OCCUPIED: { field: 'username', message: 'This username is taken; try another.' },
  USERNAME_INVALID: {
    field: 'username',
    message: 'A username has 5 to 32 characters (letters, digits, underscores) and starts with a letter.',
  },
  USERNAME_PURCHASE_AVAILABLE: {
    field: 'username',
    message: 'This username is on sale at fragment.com; pick another.',
  },
  USERNAMES_UNAVAILABLE: { field: 'username', message: 'Telegram cannot change usernames right now.' },
  FIRSTNAME_INVALID: { field: 'firstName', message: 'Telegram refused this first name.' },
  LASTNAME_INVALID: { field: 'lastName', message: 'Telegram refused this last name.' },
  ABOUT_TOO_LONG: { field: 'bio', message: 'The bio is longer than Telegram allows this account.' },
  BIRTHDAY_INVALID: { field: 'birthday', message: 'Telegram refused this birthday.' },
  IMAGE_PROCESS_FAILED: { field: 'photo', message: 'Telegram could not read this image; try a JPEG or PNG.' },
  PHOTO_INVALID_DIMENSIONS: { field: 'photo', message: 'Telegram refused the image’s dimensions.' },
  PHOTO_CROP_SIZE_SMALL: { field: 'photo', message: 'The image is too small; use one at least 160 px wide.' },
  PHOTO_EXT_INVALID: { field: 'photo', message: 'Telegram takes JPEG and PNG images.' },
  PHOTO_FILE_MISSING: { field: 'photo', message: 'The upload did not arrive; try again.' },
};

/** Which of the operator's actions brought on each account's flood wait, and until when. */
export type FloodCauses = Map<string, { what: string; until: number }>;

/**
 * Runs an operator's action on the account. A flood wait (one Telegram answered now, or a cool-down
 * the account is already waiting out) becomes a FloodWaitRefusal with the seconds left, naming
 * the action that brought it on when that was another one; a refused value becomes a
 * ProfileFieldError. Everything else passes as the account reported it.
 */
export async function accountAction<T>(
  account: TelegramAccount,
  clock: Clock,
  what: string,
  work: () => Promise<T>,
  causes: FloodCauses,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MessagingError) || error instanceof ProfileFieldError) throw error;
    const code = rpcErrorCode(error.cause);
    const refusal = code ? FIELD_REFUSALS[code] : undefined;
    if (refusal) throw new ProfileFieldError(refusal.field, refusal.message, error);
    const coolDownUntil = account.view().coolDownUntil;
    if (coolDownUntil) {
      const until = Date.parse(coolDownUntil);
      const seconds = Math.ceil((until - clock.now().getTime()) / 1000);
      // Telegram's answer to this very call: this action brought the wait on.
      if (code?.startsWith('FLOOD_')) causes.set(account.configName, { what, until });
      const cause = causes.get(account.configName);
      const after = cause && cause.until >= until ? cause.what : null;
      if (seconds > 0) throw new FloodWaitRefusal(seconds, what, after, error);
    }
    throw inOperatorWords(error, what);
  }
}

/** What Telegram's own codes for a failure that is not the request's fault mean. */
const TRANSIENT_DETAILS: Record<string, string> = {
  NO_ANSWER: 'no answer in time',
  NETWORK: 'the connection failed',
};

/**
 * A failed call told as the action the operator took ("changing the contacts"), not as the
 * MTProto method: whether trying again may help, and Telegram's code for the record. Failures the
 * account itself words (not connected, logged out, sends stopped) pass as they are.
 */
function inOperatorWords(error: MessagingError, what: string): MessagingError {
  // Only the account's own plain failures; a refusal with a message of its own keeps it.
  if (error.constructor !== MessagingError || error.cause === undefined) return error;
  const fault = classifyTelegramError(error.cause);
  const options = { retryable: error.retryable, cause: error.cause };
  if (fault.kind === 'transient') {
    const detail = TRANSIENT_DETAILS[fault.code] ?? `Telegram answered ${fault.code}`;
    return new MessagingError(
      `Telegram could not finish ${what} just now (${detail}); try again in a moment.`,
      options,
    );
  }
  if (fault.kind === 'refused')
    return new MessagingError(`Telegram refused ${what} (${fault.code}).`, options);
  return error;
}

/** Whether the failure is Telegram's `code` (USERNAME_NOT_MODIFIED…). */
export function isRpcCode(error: unknown, code: string): boolean {
  return error instanceof MessagingError && rpcErrorCode(error.cause) === code;
}
