import { afterEach, describe, expect, it } from 'vitest';
import {
  type ConnectionState,
  createWebSocketTransport,
  type WebSocketTransport,
} from '../../../src/renderer/api/ws-transport';
import { ApiError, createApiClient } from '../../../src/shared/api';
import type { ConfigReport } from '../../../src/shared/api/contract';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';
import { signInWithLink, startTestServer, type TestServer, wsUrl } from './harness';

let running: TestServer | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  transport = undefined;
  await running?.stop();
  running = undefined;
});

/**
 * The transport as the console page uses it: the browser adds the session cookie and the page's
 * Origin to the handshake by itself; here a subclass does, reading the cookie each time so a test
 * can sign in again after a server restart.
 */
function browserTransport(server: TestServer, credentials: { cookie: string }) {
  const origin = server.origin;
  class PageWebSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { cookie: credentials.cookie, origin } } as unknown as string[]);
    }
  }
  transport = createWebSocketTransport({
    url: wsUrl(server.server),
    WebSocketImpl: PageWebSocket,
    initialReconnectDelayMs: 20,
    maxReconnectDelayMs: 100,
  });
  return transport;
}

function waitForState(target: WebSocketTransport, wanted: ConnectionState): Promise<void> {
  return new Promise((resolve) => {
    const stop = target.onConnectionState((state) => {
      if (state !== wanted) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

describe('createWebSocketTransport against the console server', () => {
  it('connects on the first call, which waits for the socket to open, and reports its state', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const credentials = { cookie: await signInWithLink(running.server) };
    const ws = browserTransport(running, credentials);
    const states: ConnectionState[] = [];
    ws.onConnectionState((state) => states.push(state));
    expect(states).toEqual(['disconnected']);

    const client = createApiClient(ws);
    const [settings, info] = await Promise.all([
      client.call('settings.get', {}),
      client.call('app.info', {}),
    ]);
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(info.mode).toBe('server');
    expect(states).toEqual(['disconnected', 'connecting', 'connected']);
  });

  it('turns error answers into ApiErrors with their code', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const client = createApiClient(
      browserTransport(running, { cookie: await signInWithLink(running.server) }),
    );
    const invalid = await client
      .call('settings.update', { llmBaseUrls: { openai: 'ftp://nope' } })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).code).toBe('invalid_input');
    await expect(client.call('agents.get', { configName: 'Nobody' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('delivers server events to listeners', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const client = createApiClient(
      browserTransport(running, { cookie: await signInWithLink(running.server) }),
    );
    const changed = new Promise<Settings>((resolve) => client.on('settings.changed', resolve));
    await client.call('settings.update', { configPath: ['/agents'] });
    expect((await changed).configPath).toEqual(['/agents']);
  });

  it('answers unanswered calls unavailable when the connection drops, then reconnects and keeps listeners', {
    timeout: 15_000,
  }, async () => {
    const neverAnswered = new Promise<ConfigReport>(() => {});
    running = await startTestServer({}, { 'config.check': () => neverAnswered });
    const port = running.server.port;
    const credentials = { cookie: await signInWithLink(running.server) };
    const ws = browserTransport(running, credentials);
    const client = createApiClient(ws);
    const received: string[][] = [];
    client.on('settings.changed', (settings) => received.push(settings.configPath));
    await waitForState(ws, 'connected');

    const pending = client.call('config.check', {}).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const dropped = waitForState(ws, 'disconnected');
    await running.stop();
    running = undefined;
    await dropped;
    const outcome = await pending;
    expect(outcome).toBeInstanceOf(ApiError);
    expect((outcome as ApiError).code).toBe('unavailable');

    // A new server on the same port, as after `troupe serve` restarts; the browser signs in again.
    running = await startTestServer({ port });
    credentials.cookie = await signInWithLink(running.server);
    await waitForState(ws, 'connected');
    running.events.emit('settings.changed', { ...DEFAULT_SETTINGS, configPath: ['/after-reconnect'] });
    await expect.poll(() => received, { timeout: 5_000 }).toEqual([['/after-reconnect']]);
    expect(await client.call('secrets.status', {})).toEqual({ secrets: [] });
  });

  it('answers calls unavailable when the server refuses the socket', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const client = createApiClient(browserTransport(running, { cookie: 'troupe_session_1=forged' }));
    await expect(client.call('settings.get', {})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('stops for good on close()', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const ws = browserTransport(running, { cookie: await signInWithLink(running.server) });
    const client = createApiClient(ws);
    await client.call('settings.get', {});
    ws.close();
    expect(ws.connectionState()).toBe('disconnected');
    await expect(client.call('settings.get', {})).rejects.toMatchObject({ code: 'unavailable' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ws.connectionState()).toBe('disconnected');
  });
});
