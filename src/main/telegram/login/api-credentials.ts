import type { SecretStore } from '../../secrets';
import type { TelegramApiCredentials } from '../connection';
import { LoginError } from './login-error';

/** Every way the operator can give what a login needs; named in each message about missing credentials. */
export const API_CREDENTIALS_SETTING =
  'the console’s Settings → Telegram (API id and API hash), with `troupe secrets set telegram.apiId` and `troupe secrets set telegram.apiHash`, or in the environment variables TELEGRAM_API_ID and TELEGRAM_API_HASH';

/**
 * The Telegram API id and hash from the secret store, or null while either is unset. Throws a
 * LoginError when the id is not a number, which Telegram would reject anyway.
 */
export function telegramCredentialsFrom(secrets: SecretStore): TelegramApiCredentials | null {
  const apiId = secrets.reveal('telegram.apiId');
  const apiHash = secrets.reveal('telegram.apiHash');
  if (apiId === null || apiHash === null) return null;
  if (!/^\d+$/.test(apiId)) {
    throw new LoginError(
      'unavailable',
      `The Telegram API id must be the number my.telegram.org shows; fix it in ${API_CREDENTIALS_SETTING}.`,
    );
  }
  return { apiId: Number(apiId), apiHash };
}
