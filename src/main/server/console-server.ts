import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { CONVERSATION_EXPORT_PATH } from '../../shared/api/conversation-tools-contract';
import { MEDIA_FILE_PREFIX } from '../../shared/api/media-contract';
import type { ApiDispatcher } from '../api/dispatcher';
import type { EventHub } from '../api/event-hub';
import type { Logger } from '../logging';
import type { ConversationExporter } from '../runtime/conversation-export/conversation-export';
import type { MediaFileSource } from '../runtime/media-file-source';
import { createConsoleAuth } from './console-auth';
import { serveConversationExport } from './export-route';
import { createClientReader, isProxySpec } from './forwarded';
import { createLoginThrottle } from './login-throttle';
import { createLoginToken } from './login-token';
import { isLoopbackHost } from './loopback';
import { serveMediaFile } from './media-route';
import { createPasswordVerifier } from './password';
import { isAddressedToLoopbackName, isSameOrigin } from './request-checks';
import { applySecurityHeaders, sendApiError, sendHtmlNotice } from './responses';
import { createSessionStore } from './sessions';
import { createStaticFileHandler } from './static-files';
import { API_SOCKET_PATH, createWebSocketGateway } from './ws-gateway';

export const MIN_PASSWORD_LENGTH = 8;

export interface ConsoleServerOptions {
  /** Interface to listen on; anything but loopback requires `password`. */
  host: string;
  /** 0 picks any free port. */
  port: number;
  dispatch: ApiDispatcher;
  events: EventHub;
  /** The built renderer (`out/renderer`). */
  staticDir: string;
  /** The files of the console's media route (`/media/...`); none: the route answers 404. */
  mediaFile?: MediaFileSource;
  /** Conversation exports (`/export/conversation?...`); none: the route answers 404. */
  exportConversation?: ConversationExporter;
  /** The operator password for `POST /auth/login`; without it only the login link signs in. */
  password?: string;
  /**
   * Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-For` / `Forwarded` and
   * `X-Forwarded-Proto` are believed; no one's by default.
   */
  trustedProxies?: readonly string[];
  logger: Logger;
  now?: () => number;
  /** Tuning, mostly for tests. */
  heartbeatIntervalMs?: number;
  maxMessageBytes?: number;
  sessionIdleTimeoutMs?: number;
}

export interface ConsoleServer {
  /** Where the console is, e.g. `http://127.0.0.1:7420/`. */
  readonly url: string;
  /** `url` with the one-time login token; it opens one browser session. */
  readonly loginUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

/** A mistake in how the server was asked to start; its message says which flag to change. */
export class ConsoleServerConfigError extends Error {
  override readonly name = 'ConsoleServerConfigError';
}

/** 20 MB of file bytes are 26.7 MB as base64. */
const MAX_API_MESSAGE_BYTES = 28 * 1024 * 1024;

const ServerSettingsSchema = z.object({
  host: z.string().trim().min(1, 'Give a host to listen on, e.g. --host 127.0.0.1.'),
  port: z.number().int().min(0).max(65_535, 'Give a port between 0 and 65535.'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `The operator password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
    .optional(),
  trustedProxies: z
    .array(
      z.string().refine(isProxySpec, {
        error: (issue) =>
          `--trusted-proxy takes IP addresses or CIDR ranges (127.0.0.1, ::1, 10.0.0.0/8), not "${String(issue.input)}".`,
      }),
    )
    .default([]),
  heartbeatIntervalMs: z.number().int().positive().default(30_000),
  // Room for the largest file a request carries (a 20 MB Simulator upload as base64, with its JSON).
  maxMessageBytes: z.number().int().positive().default(MAX_API_MESSAGE_BYTES),
  sessionIdleTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60_000),
});

/**
 * Checks host, port and password before anything starts, so a command line can fail fast;
 * throws `ConsoleServerConfigError`.
 */
export function validateConsoleServerSettings(
  options: Pick<ConsoleServerOptions, 'host' | 'port' | 'password' | 'trustedProxies'> &
    Partial<Pick<ConsoleServerOptions, 'heartbeatIntervalMs' | 'maxMessageBytes' | 'sessionIdleTimeoutMs'>>,
): z.output<typeof ServerSettingsSchema> {
  const parsed = ServerSettingsSchema.safeParse(options);
  if (!parsed.success)
    throw new ConsoleServerConfigError(parsed.error.issues.map((issue) => issue.message).join(' '));
  const settings = parsed.data;
  if (!settings.password && !isLoopbackHost(settings.host)) {
    throw new ConsoleServerConfigError(
      `Refusing to listen on ${settings.host} without an operator password: anyone who can reach it could ` +
        'control your agents. Add --password-file FILE (or set TROUPE_SERVER_PASSWORD), or use --host 127.0.0.1.',
    );
  }
  return settings;
}

function formatUrlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'EADDRINUSE'
          ? `Port ${port} on ${host} is already in use; stop the other program or pick another port with --port.`
          : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
            ? `This machine has no address ${host}; pick another with --host.`
            : `Cannot listen on ${host}:${port}: ${error.message}`;
      reject(new Error(reason, { cause: error }));
    };
    server.once('error', onError);
    server.listen({ host, port }, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The headless console: serves the built renderer, signs browsers in (one-time link, optional
 * password) and carries the operator API over an authenticated WebSocket.
 */
export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const settings = validateConsoleServerSettings(options);
  const now = options.now ?? Date.now;
  const logger = options.logger.child({ module: 'console-server' });
  const password = settings.password ? await createPasswordVerifier(settings.password) : undefined;
  const passwordless = password === undefined;
  const token = createLoginToken();
  const sessions = createSessionStore({ now, idleTimeoutMs: settings.sessionIdleTimeoutMs });
  const serveStatic = createStaticFileHandler(options.staticDir);
  const clientOf = createClientReader(settings.trustedProxies);

  const isExpectedHost = (request: IncomingMessage) => !passwordless || isAddressedToLoopbackName(request);
  const wrongHostReason =
    'This Troupe server has no operator password, so it only answers requests addressed to localhost ' +
    'or 127.0.0.1. Start it with --password-file to reach it under another name.';

  const httpServer = createServer();
  // Handlers are attached right after `listen` resolves, before any request can be read: the
  // continuation runs as a microtask, ahead of the next I/O event.
  const port = await listen(httpServer, settings.host, settings.port);

  const auth = createConsoleAuth({
    sessions,
    token,
    password,
    throttle: createLoginThrottle({ now }),
    clientOf,
    // The port is part of the name because browsers share cookies between the ports of a host.
    cookieName: `troupe_session_${port}`,
    logger,
    onSessionEnded: (sessionId) => gateway.closeSession(sessionId),
  });

  const gateway = createWebSocketGateway({
    dispatch: options.dispatch,
    events: options.events,
    logger,
    sessionOf: (request) => auth.sessionOf(request),
    touchSession: (sessionId) => sessions.touch(sessionId),
    checkHandshake: (request) => {
      if (!isExpectedHost(request)) return { ok: false, status: 403, reason: wrongHostReason };
      if (!isSameOrigin(request, clientOf(request).scheme))
        return { ok: false, status: 403, reason: 'Cross-origin WebSockets are refused.' };
      return { ok: true };
    },
    maxMessageBytes: settings.maxMessageBytes,
    heartbeatIntervalMs: settings.heartbeatIntervalMs,
    maxBufferedBytes: 8 * 1024 * 1024,
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    applySecurityHeaders(response);
    if (!isExpectedHost(request)) {
      sendHtmlNotice(response, 403, 'Unexpected host name', [wrongHostReason]);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (await auth.route(request, response, url)) return;
    if (url.pathname === API_SOCKET_PATH) {
      response.setHeader('Upgrade', 'websocket');
      sendApiError(response, 426, { code: 'invalid_input', message: 'Connect with a WebSocket.' });
      return;
    }
    if (url.pathname.startsWith(MEDIA_FILE_PREFIX)) {
      await serveMediaFile(request, response, url.pathname, {
        signedIn: auth.sessionOf(request) !== undefined,
        source: options.mediaFile,
      });
      return;
    }
    if (url.pathname === CONVERSATION_EXPORT_PATH) {
      await serveConversationExport(request, response, url, {
        signedIn: auth.sessionOf(request) !== undefined,
        exporter: options.exportConversation,
      });
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      sendApiError(response, 404, { code: 'not_found', message: `There is no ${url.pathname} endpoint.` });
      return;
    }
    await serveStatic(request, response, url.pathname);
  }

  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handleRequest(request, response).catch((error: unknown) => {
      logger.error({ err: error, path: request.url?.split('?')[0] }, 'request failed');
      if (!response.headersSent)
        sendHtmlNotice(response, 500, 'Something went wrong', ['See the server log.']);
      else response.destroy();
    });
  });
  httpServer.on('upgrade', (request: IncomingMessage, socket, head: Buffer) =>
    gateway.handleUpgrade(request, socket, head),
  );

  const url = `http://${formatUrlHost(settings.host)}:${port}/`;
  logger.info(
    { url, passwordLogin: !passwordless, trustedProxies: settings.trustedProxies },
    'console server listening',
  );

  let closed: Promise<void> | undefined;
  return {
    url,
    loginUrl: `${url}?token=${token.value}`,
    port,
    close() {
      closed ??= (async () => {
        await gateway.close();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Idle keep-alive connections would otherwise hold the port until they time out.
          httpServer.closeAllConnections();
        });
        logger.info('console server stopped');
      })();
      return closed;
    },
  };
}
