import { sessions, TelegramClient } from 'telegram';
import { PromisedNetSockets } from 'telegram/extensions/index.js';
import { Logger as GramJsLogger, LogLevel } from 'telegram/extensions/Logger.js';
import { trustServerKey } from './server-key-trust';
import type { TelegramServer } from './telegram-server';

export interface TelegramApiCredentials {
  apiId: number;
  apiHash: string;
}

export interface CreateClientOptions {
  server: TelegramServer;
  credentials: TelegramApiCredentials;
  /** A saved StringSession; empty for a new login. */
  session: string;
  /** Attempts per connect and per request before GramJS gives up (the caller reconnects with backoff). */
  retries?: number;
}

/**
 * GramJS ignores a session's port (it dials 80, or 443 for media) and StringSession cannot store
 * ports above 32767, so custom servers are recorded as port 443 and dialled by a socket class
 * that goes to the real address whatever GramJS asks for.
 */
const RECORDED_CUSTOM_PORT = 443;

function socketsTo(host: string, port: number): typeof PromisedNetSockets {
  return class CustomServerSockets extends PromisedNetSockets {
    override connect(_port: number, _ip: string): Promise<unknown> {
      return super.connect(port, host);
    }
  };
}

/**
 * A GramJS client for one account on the chosen server. Flood waits are never slept through by
 * GramJS (floodSleepThreshold 0): the caller turns them into cool-downs its tasks wait out.
 * GramJS logs nothing; the adapter logs what matters with the account's name.
 */
export function createTelegramClient(options: CreateClientOptions): TelegramClient {
  const { server, credentials } = options;
  const session = new sessions.StringSession(options.session);
  const retries = options.retries ?? 3;
  const params = {
    connectionRetries: retries,
    requestRetries: retries,
    retryDelay: 1_000,
    autoReconnect: true,
    floodSleepThreshold: 0,
    baseLogger: new GramJsLogger(LogLevel.NONE),
    deviceModel: 'Troupe',
    appVersion: 'Troupe',
  };
  if (server.mode === 'custom') {
    trustServerKey(server.rsaPublicKeyPem);
    if (!options.session) session.setDC(server.dcId, server.host, RECORDED_CUSTOM_PORT);
    return new TelegramClient(session, credentials.apiId, credentials.apiHash, {
      ...params,
      networkSocket: socketsTo(server.host, server.port),
    });
  }
  return new TelegramClient(session, credentials.apiId, credentials.apiHash, {
    ...params,
    testServers: server.mode === 'test',
  });
}

/**
 * Stops a client for good. GramJS's disconnect() iterates its media-download senders and their
 * release timers with Object.values() although both are Maps, so they would keep the process
 * alive; they are stopped here first.
 */
export async function destroyTelegramClient(client: TelegramClient): Promise<void> {
  const timers = (client as unknown as { _exportedSenderReleaseTimeouts: Map<number, NodeJS.Timeout> })
    ._exportedSenderReleaseTimeouts;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  const senders = [...client._exportedSenderPromises.values()];
  client._exportedSenderPromises.clear();
  await Promise.allSettled(senders.map(async (sender) => (await sender).disconnect()));
  await client.destroy();
}
