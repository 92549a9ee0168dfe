import { TelegramClient } from 'telegram';
import type { TelegramClientParams } from 'telegram/client/telegramBaseClient.js';
import { PromisedNetSockets } from 'telegram/extensions/index.js';
import { Logger, LogLevel } from 'telegram/extensions/Logger.js';
import { destroyTelegramClient } from '../../../src/main/telegram/connection';
import type { FakeTelegram } from './api';
import { trustRsaPublicKey } from './rsa-key';
import { sessionFor } from './session-string';
import { withTimeout } from './wait';

/**
 * An unmodified GramJS TelegramClient pointed at the fake. Three things redirect it, and they
 * are the same switch the product's test-server mode uses (a custom host:port plus the server's
 * RSA public key):
 *  1. the server's RSA key joins GramJS's trusted keys (`trustRsaPublicKey`, which fills
 *     `_serverKeys` from telegram/crypto/RSA) — without it the DH key exchange refuses the server;
 *  2. a fresh session names the fake's DC: `session.setDC(dcId, host, 443)` — the DC id must match
 *     the fake's help.getConfig, the port is ignored by GramJS (see session-string.ts);
 *  3. the `networkSocket` option is a PromisedNetSockets subclass that dials the fake's real
 *     host:port whatever GramJS asks for — the only way to choose a port, since GramJS always
 *     dials 80 (or 443) on the session's address.
 * `connection` stays GramJS's Node default, ConnectionTCPFull.
 */

export interface ConnectClientOptions {
  /** A saved StringSession (from an earlier client or fake.createSession); fresh by default. */
  session?: string;
  /** Connect before returning (default true); the key exchange runs here for a fresh session. */
  connect?: boolean;
  /** Overrides for GramJS's client parameters (floodSleepThreshold, logging, …). */
  params?: TelegramClientParams;
}

export const FAKE_API_ID = 12345;
export const FAKE_API_HASH = '0123456789abcdef0123456789abcdef';

/** How long connecting may take before the test fails instead of hanging. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A socket class that always dials the given address. */
function redirectedSockets(host: string, port: number): typeof PromisedNetSockets {
  return class FakeTelegramSockets extends PromisedNetSockets {
    override connect(_port: number, _ip: string): Promise<unknown> {
      return super.connect(port, host);
    }
  };
}

export async function connectClient(
  fake: FakeTelegram,
  options: ConnectClientOptions = {},
): Promise<TelegramClient> {
  trustRsaPublicKey(fake.rsaPublicKeyPem);
  const client = new TelegramClient(
    sessionFor({ id: fake.dcId, host: fake.host }, options.session),
    FAKE_API_ID,
    FAKE_API_HASH,
    {
      networkSocket: redirectedSockets(fake.host, fake.port),
      // Fail fast instead of GramJS's endless retries: a test should see the problem.
      connectionRetries: 2,
      retryDelay: 100,
      requestRetries: 2,
      baseLogger: new Logger(LogLevel.NONE),
      ...options.params,
    },
  );
  fake.onClose(() => destroyTelegramClient(client));
  if (options.connect ?? true) {
    try {
      const connected = await withTimeout(
        client.connect(),
        CONNECT_TIMEOUT_MS,
        'connecting to the fake Telegram',
      );
      if (!connected) throw new Error('GramJS could not connect to the fake Telegram');
    } catch (error) {
      await destroyTelegramClient(client);
      throw error;
    }
  }
  return client;
}

/** Destroys a client completely, as the product does (GramJS's own disconnect leaves timers behind). */
export { destroyTelegramClient as destroyClient };
