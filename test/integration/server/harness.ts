import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiHandlers, createApiDispatcher } from '../../../src/main/api/dispatcher';
import { EventHub } from '../../../src/main/api/event-hub';
import { createLogger } from '../../../src/main/logging';
import { type ConsoleServer, type ConsoleServerOptions, startConsoleServer } from '../../../src/main/server';
import {
  ApiError,
  agentLifecycleProcedures,
  conversationProcedures,
  conversationToolsProcedures,
  copilotProcedures,
  documentsProcedures,
  eventsProcedures,
  mediaProcedures,
  memoryProcedures,
  planProcedures,
  pricesProcedures,
  scheduleProcedures,
  telegramAccountProcedures,
  telegramMembershipProcedures,
  telegramProcedures,
  usageProcedures,
} from '../../../src/shared/api';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';

export const INDEX_HTML = '<!doctype html><title>Troupe test console</title><div id="root"></div>';
export const HASHED_ASSET = '/assets/index-AbC123xy.js';

/** A stand-in for `out/renderer`: an index page, a hashed script and a plain file. */
export function makeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, HASHED_ASSET), 'console.log("console");');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

function notInThisTest(): never {
  throw new ApiError('unavailable', 'Not served by the test runtime.');
}

/** A small runtime: app info and settings work (settings changes emit an event), the rest refuses. */
export function createTestRuntime(overrides: Partial<ApiHandlers> = {}) {
  const events = new EventHub();
  let settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const refused = Object.fromEntries(
    [
      ...Object.keys(conversationProcedures),
      ...Object.keys(conversationToolsProcedures),
      ...Object.keys(copilotProcedures),
      ...Object.keys(memoryProcedures),
      ...Object.keys(mediaProcedures),
      ...Object.keys(planProcedures),
      ...Object.keys(pricesProcedures),
      ...Object.keys(telegramProcedures),
      ...Object.keys(usageProcedures),
      ...Object.keys(agentLifecycleProcedures),
      ...Object.keys(documentsProcedures),
      ...Object.keys(eventsProcedures),
      ...Object.keys(scheduleProcedures),
      ...Object.keys(telegramAccountProcedures),
      ...Object.keys(telegramMembershipProcedures),
    ].map((name) => [name, notInThisTest]),
  ) as unknown as Pick<
    ApiHandlers,
    | keyof typeof conversationProcedures
    | keyof typeof conversationToolsProcedures
    | keyof typeof copilotProcedures
    | keyof typeof memoryProcedures
    | keyof typeof mediaProcedures
    | keyof typeof planProcedures
    | keyof typeof pricesProcedures
    | keyof typeof telegramProcedures
    | keyof typeof usageProcedures
    | keyof typeof agentLifecycleProcedures
    | keyof typeof documentsProcedures
    | keyof typeof eventsProcedures
    | keyof typeof scheduleProcedures
    | keyof typeof telegramAccountProcedures
    | keyof typeof telegramMembershipProcedures
  >;
  const handlers: ApiHandlers = {
    ...refused,
    'app.info': () => ({
      name: 'Troupe',
      version: '0.0.0-test',
      mode: 'server',
      stateDir: '/tmp/troupe-test-state',
      configPath: [],
      configPathSource: 'default',
      platform: process.platform,
      environmentBaseUrls: [],
    }),
    'agents.list': () => ({ agents: [], problems: [] }),
    'agents.get': ({ configName }) => {
      throw new ApiError('not_found', `There is no agent named ${configName}.`);
    },
    'agents.update': notInThisTest,
    'config.check': notInThisTest,
    'config.reload': notInThisTest,
    'settings.get': () => settings,
    'settings.update': (patch) => {
      settings = {
        configPath: patch.configPath ?? settings.configPath,
        llmBaseUrls: { ...settings.llmBaseUrls, ...patch.llmBaseUrls },
        engine: { ...settings.engine, ...patch.engine },
        telegramServer: { ...settings.telegramServer, ...patch.telegramServer },
        embeddings: { ...settings.embeddings, ...patch.embeddings },
        media: { ...settings.media, ...patch.media },
        translation: { ...settings.translation, ...patch.translation },
        desktop: { ...settings.desktop, ...patch.desktop },
      };
      events.emit('settings.changed', settings);
      return settings;
    },
    'secrets.status': () => ({ secrets: [] }),
    'secrets.set': notInThisTest,
    'secrets.clear': notInThisTest,
    ...overrides,
  };
  const logger = createLogger({ level: 'silent' });
  return { events, logger, dispatch: createApiDispatcher(handlers, logger) };
}

export interface TestServer {
  server: ConsoleServer;
  events: EventHub;
  staticDir: string;
  /** The `Origin` a page served by this server sends. */
  origin: string;
  stop(): Promise<void>;
}

export async function startTestServer(
  overrides: Partial<ConsoleServerOptions> = {},
  handlers: Partial<ApiHandlers> = {},
): Promise<TestServer> {
  const runtime = createTestRuntime(handlers);
  const staticDir = makeStaticDir();
  const server = await startConsoleServer({
    host: '127.0.0.1',
    port: 0,
    dispatch: runtime.dispatch,
    events: runtime.events,
    staticDir,
    logger: runtime.logger,
    ...overrides,
  });
  return {
    server,
    events: runtime.events,
    staticDir,
    origin: new URL(server.url).origin,
    async stop() {
      await server.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` part of a Set-Cookie header, ready for a Cookie header. */
export function cookiePair(response: Response): string {
  const setCookie = response.headers.get('set-cookie');
  if (!setCookie) throw new Error(`expected a Set-Cookie header (status ${response.status})`);
  return setCookie.split(';')[0]!;
}

/** Follows the one-time login link like a browser would and returns the session cookie. */
export async function signInWithLink(server: ConsoleServer): Promise<string> {
  const response = await fetch(server.loginUrl, { redirect: 'manual' });
  if (response.status !== 303) throw new Error(`the login link answered ${response.status}`);
  return cookiePair(response);
}

export function wsUrl(server: ConsoleServer): string {
  return `${server.url.replace(/^http/, 'ws')}api/ws`;
}

/**
 * A WebSocket class as a browser page of `origin` holding `cookie` would open it. Node's WebSocket
 * sends neither on its own; its `headers` option is an undici extension.
 */
export function browserLikeWebSocket(headers: { cookie?: string; origin?: string }) {
  const defined = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
  return class BrowserLikeWebSocket extends WebSocket {
    constructor(url: string | URL) {
      super(url, { headers: defined } as unknown as string[]);
    }
  };
}

export type HandshakeResult = { opened: true; socket: WebSocket } | { opened: false };

/** Opens a socket and reports whether the server accepted the handshake. */
export function tryOpen(
  url: string,
  headers: { cookie?: string; origin?: string },
): Promise<HandshakeResult> {
  const Impl = browserLikeWebSocket(headers);
  const socket = new Impl(url);
  return new Promise((resolve) => {
    socket.addEventListener('open', () => resolve({ opened: true, socket }));
    socket.addEventListener('error', () => resolve({ opened: false }));
  });
}

/** Resolves with the next text message the socket receives, parsed. */
export function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) => {
    socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true });
  });
}

export function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason }), {
      once: true,
    });
  });
}

/**
 * The HTTP status a WebSocket handshake gets (101 when accepted), which a WebSocket client does
 * not expose.
 */
export function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url.replace(/^ws/, 'http'), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
export function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
