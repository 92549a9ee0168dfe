import type { TroupeBridge } from '../../shared/api/bridge';
import { type ApiClient, createApiClient } from '../../shared/api/client';
import { HTTP_PATHS } from '../../shared/api/http-auth';
import { createIpcTransport } from './ipc-transport';
import { type ConnectionState, createWebSocketTransport } from './ws-transport';

/**
 * How the console's link to the runtime is doing, as the console shows it: `connecting` until
 * the first attempt settles, then `online` or `reconnecting`. IPC is always `online`.
 */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting';

/**
 * Follows the WebSocket transport's states, telling the first connection (no banner yet) from
 * a lost or refused one, which the transport retries on its own.
 */
export function createConnectionStatusTracker(): (state: ConnectionState) => ConnectionStatus {
  let attempted = false;
  return (state) => {
    switch (state) {
      case 'connected':
        attempted = true;
        return 'online';
      case 'connecting': {
        const status = attempted ? 'reconnecting' : 'connecting';
        attempted = true;
        return status;
      }
      case 'disconnected':
        return attempted ? 'reconnecting' : 'connecting';
      default:
        return state satisfies never;
    }
  };
}

export interface ConsoleConnection {
  readonly client: ApiClient;
  readonly kind: 'desktop' | 'browser';
  /** Calls `listener` with the current status, then on every change; returns an unsubscribe. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  close(): void;
}

/** Inside Electron: the API over the preload's IPC bridge. */
export function connectDesktop(bridge: TroupeBridge): ConsoleConnection {
  return {
    client: createApiClient(createIpcTransport(bridge)),
    kind: 'desktop',
    onStatus(listener) {
      listener('online');
      return () => {};
    },
    close() {},
  };
}

/** The WebSocket endpoint of the server that served this page (`wss:` behind https). */
export function webSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${HTTP_PATHS.apiSocket}`;
}

/** In a browser under `troupe serve`, once the session cookie exists. */
export function connectBrowser(location: Pick<Location, 'protocol' | 'host'>): ConsoleConnection {
  const transport = createWebSocketTransport({ url: webSocketUrl(location) });
  return {
    client: createApiClient(transport),
    kind: 'browser',
    onStatus(listener) {
      const toStatus = createConnectionStatusTracker();
      return transport.onConnectionState((state) => listener(toStatus(state)));
    },
    close() {
      transport.close();
    },
  };
}
