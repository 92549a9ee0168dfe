import { Api } from 'telegram';
import {
  createTelegramClient,
  destroyTelegramClient,
  type TelegramApiCredentials,
  type TelegramServer,
} from '../connection';
import { withinDeadline } from './deadline';

/**
 * Ends a saved session on Telegram's side (auth.logOut), so the account's device list no longer
 * shows it. Throws when Telegram cannot be reached or refuses; the client is destroyed either way.
 */
export async function logOutSession(
  server: TelegramServer,
  credentials: TelegramApiCredentials,
  session: string,
  timeoutMs: number,
): Promise<void> {
  const client = createTelegramClient({ server, credentials, session, retries: 1 });
  try {
    await withinDeadline(client.connect(), timeoutMs, `the connection to ${server.view.label}`);
    await withinDeadline(client.invoke(new Api.auth.LogOut()), timeoutMs, 'the log-out');
  } finally {
    await destroyTelegramClient(client).catch(() => {});
  }
}
