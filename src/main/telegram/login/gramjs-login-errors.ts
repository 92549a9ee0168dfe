import { errors } from 'telegram';
import { LoginError, type LoginErrorKind } from './login-error';

/**
 * What Telegram and GramJS throw during a login, in words the operator can act on. LoginError
 * itself lives in login-error.ts, which loads without GramJS.
 */

const TELEGRAM_ERROR_MESSAGES: Record<string, [LoginErrorKind, string]> = {
  PHONE_CODE_INVALID: ['invalid_input', 'That code is wrong; check the digits and enter it again.'],
  PHONE_CODE_EMPTY: ['invalid_input', 'Enter the code Telegram sent.'],
  PHONE_CODE_EXPIRED: [
    'invalid_input',
    'That code has expired; request a new code (start the login again) and enter the new one.',
  ],
  PASSWORD_HASH_INVALID: ['invalid_input', 'That two-step password is wrong; enter it again.'],
  PHONE_NUMBER_INVALID: [
    'invalid_input',
    'Telegram does not accept this phone number; enter it with its country code, e.g. +44 7700 900123.',
  ],
  PHONE_NUMBER_UNOCCUPIED: [
    'invalid_input',
    'No Telegram account uses this phone number; create the account with a Telegram app first.',
  ],
  PHONE_NUMBER_BANNED: [
    'unavailable',
    'Telegram has banned this phone number, so it cannot log in; contact Telegram support or use another account.',
  ],
  PHONE_NUMBER_FLOOD: [
    'unavailable',
    'Telegram has seen too many login attempts for this number; wait several hours before trying again.',
  ],
  API_ID_INVALID: [
    'unavailable',
    'Telegram rejected the API id and hash; check them in the console’s Settings → Telegram (from my.telegram.org).',
  ],
  API_ID_PUBLISHED_FLOOD: [
    'unavailable',
    'Telegram refuses this API id because it was published; create your own at my.telegram.org and set it in the console’s Settings → Telegram.',
  ],
  AUTH_TOKEN_EXPIRED: ['unavailable', 'The QR code expired before it was scanned; start the QR login again.'],
  AUTH_TOKEN_INVALID: ['unavailable', 'Telegram no longer accepts this QR code; start the QR login again.'],
};

/** Turns what Telegram (or GramJS) threw during a login into a LoginError the operator can act on. */
export function loginErrorFrom(error: unknown): LoginError {
  if (error instanceof LoginError) return error;
  if (error instanceof errors.FloodWaitError) {
    return new LoginError(
      'unavailable',
      `Telegram asks to wait ${waitDuration(error.seconds)} before trying to log in again.`,
    );
  }
  const telegramMessage = error instanceof errors.RPCError ? error.errorMessage : null;
  const known = telegramMessage === null ? undefined : TELEGRAM_ERROR_MESSAGES[telegramMessage];
  if (known) return new LoginError(known[0], known[1]);
  const detail = telegramMessage ?? (error instanceof Error ? error.message : String(error));
  return new LoginError('unavailable', `The login failed: ${detail}.`);
}

/**
 * What failed while connecting for a login: Telegram's own refusals as `loginErrorFrom` says
 * them, anything else (a refused or dropped connection, a bad address) naming the server tried.
 */
export function connectErrorFrom(error: unknown, serverLabel: string): LoginError {
  if (error instanceof LoginError || error instanceof errors.RPCError) return loginErrorFrom(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new LoginError(
    'unavailable',
    `Cannot connect to ${serverLabel} (${detail}); check the network and the Telegram server in Settings, then try again.`,
  );
}

/** A wait rounded up to a unit a person reads at a glance: "45 seconds", "3 minutes", "2 hours". */
export function waitDuration(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3_600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3_600), 'hour');
}
