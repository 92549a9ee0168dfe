import { sessions, TelegramClient } from 'telegram';
import { Logger as GramJsLogger, LogLevel } from 'telegram/extensions/Logger.js';
import { withCallTimeout } from './call-timeout';
import { type ClientSockets, clientSockets } from './client-sockets';
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

/** How long GramJS may take to take a client down before it is left behind with its sockets shut. */
const DESTROY_TIMEOUT_MS = 2_000;

/** Each client's sockets, so destroying the client can shut them (see clientSockets). */
const socketsOf = new WeakMap<TelegramClient, ClientSockets>();

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
  let sockets: ClientSockets;
  let client: TelegramClient;
  if (server.mode === 'custom') {
    trustServerKey(server.rsaPublicKeyPem);
    if (!options.session) session.setDC(server.dcId, server.host, RECORDED_CUSTOM_PORT);
    sockets = clientSockets({ host: server.host, port: server.port });
    client = new TelegramClient(session, credentials.apiId, credentials.apiHash, {
      ...params,
      networkSocket: sockets.socketClass,
    });
  } else {
    sockets = clientSockets();
    client = new TelegramClient(session, credentials.apiId, credentials.apiHash, {
      ...params,
      networkSocket: sockets.socketClass,
      testServers: server.mode === 'test',
    });
  }
  socketsOf.set(client, sockets);
  return client;
}

/**
 * Stops a client for good, within a bounded time, whatever state its connection is in. Its
 * sockets are shut first, so no reconnect GramJS still has scheduled can bring it back, and its
 * senders stop reconnecting. GramJS's disconnect() iterates its media-download senders and their
 * release timers with Object.values() although both are Maps, so they would keep the process
 * alive; they are stopped here too.
 */
export async function destroyTelegramClient(client: TelegramClient): Promise<void> {
  socketsOf.get(client)?.shut();
  const sender = client._sender as unknown as { reconnect(): void; _reconnect(): Promise<void> } | undefined;
  if (sender) {
    sender.reconnect = () => {};
    sender._reconnect = async () => {};
  }
  await withCallTimeout(releaseAndDestroy(client), DESTROY_TIMEOUT_MS, 'Stopping the Telegram client');
}

async function releaseAndDestroy(client: TelegramClient): Promise<void> {
  const timers = (client as unknown as { _exportedSenderReleaseTimeouts: Map<number, NodeJS.Timeout> })
    ._exportedSenderReleaseTimeouts;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  const senders = [...client._exportedSenderPromises.values()];
  client._exportedSenderPromises.clear();
  await Promise.allSettled(senders.map(async (sender) => (await sender).disconnect()));
  await client.destroy();
}
