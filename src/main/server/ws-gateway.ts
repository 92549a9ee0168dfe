import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  type ApiErrorPayload,
  type CallOutcome,
  type EventName,
  type WireEvent,
  WireRequestSchema,
  type WireResponse,
} from '../../shared/api';
import { HTTP_PATHS } from '../../shared/api/http-auth';
import type { ApiDispatcher } from '../api/dispatcher';
import type { EventHub } from '../api/event-hub';
import type { Logger } from '../logging';

export const API_SOCKET_PATH = HTTP_PATHS.apiSocket;

/** Close codes the browser transport can tell apart (4000–4999 are free for applications). */
export const SOCKET_CLOSE_CODES = {
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  sessionEnded: 4001,
  tooSlow: 4002,
} as const;

export interface WebSocketGatewayOptions {
  dispatch: ApiDispatcher;
  events: EventHub;
  logger: Logger;
  /** Returns the live session of the handshake request, or undefined. */
  sessionOf: (request: IncomingMessage) => string | undefined;
  /** Decides whether a live session may keep using its socket; pushes its idle expiry back. */
  touchSession: (sessionId: string) => boolean;
  /** Whether the handshake is acceptable before looking at the session (Origin, Host). */
  checkHandshake: (request: IncomingMessage) => { ok: true } | { ok: false; status: number; reason: string };
  maxMessageBytes: number;
  heartbeatIntervalMs: number;
  /** A console that cannot keep up with events is dropped rather than buffered without bound. */
  maxBufferedBytes: number;
}

export interface WebSocketGateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket of a session, after logout. */
  closeSession(sessionId: string): void;
  close(): Promise<void>;
}

interface ConsoleSocket {
  readonly socket: WebSocket;
  readonly sessionId: string;
  /** Cleared at each heartbeat, set again by the pong; still clear at the next one = dead. */
  answeredPing: boolean;
}

const CLOSE_GRACE_MS = 1000;

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function errorResponse(id: number, error: ApiErrorPayload): WireResponse {
  return { type: 'response', id, ok: false, error };
}

/** The id of a malformed request, when it has a usable one, so its caller still gets an answer. */
function salvageRequestId(message: unknown): number | undefined {
  if (typeof message !== 'object' || message === null || !('id' in message)) return undefined;
  const { id } = message;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

/**
 * The API over WebSocket: authenticated handshakes only, one JSON request per text frame, one
 * response per request id, and every runtime event pushed to every console.
 */
export function createWebSocketGateway(options: WebSocketGatewayOptions): WebSocketGateway {
  const { dispatch, events, logger, maxBufferedBytes } = options;
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes,
    clientTracking: false,
  });
  const consoles = new Set<ConsoleSocket>();
  let closing = false;

  function send(client: ConsoleSocket, text: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > maxBufferedBytes) {
      logger.warn(
        { bufferedAmount: client.socket.bufferedAmount },
        'dropping a console that stopped reading',
      );
      client.socket.close(SOCKET_CLOSE_CODES.tooSlow, 'The console fell behind; reconnecting.');
      return;
    }
    client.socket.send(text);
  }

  async function answer(client: ConsoleSocket, method: string, input: unknown, id: number): Promise<void> {
    let outcome: CallOutcome;
    try {
      outcome = await dispatch(method, input);
    } catch (error) {
      // The dispatcher turns handler failures into outcomes already; this guards the guard.
      logger.error({ err: error, method }, 'dispatcher threw');
      outcome = {
        ok: false,
        error: { code: 'internal', message: `${method} failed unexpectedly; see the log.` },
      };
    }
    const response: WireResponse = outcome.ok
      ? { type: 'response', id, ok: true, result: outcome.result }
      : errorResponse(id, outcome.error);
    send(client, JSON.stringify(response));
  }

  function receive(client: ConsoleSocket, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      client.socket.close(SOCKET_CLOSE_CODES.unsupportedData, 'Send requests as JSON text frames.');
      return;
    }
    if (!options.touchSession(client.sessionId)) {
      client.socket.close(SOCKET_CLOSE_CODES.sessionEnded, 'Your session ended; sign in again.');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      client.socket.close(SOCKET_CLOSE_CODES.policyViolation, 'A request was not valid JSON.');
      return;
    }
    const request = WireRequestSchema.safeParse(message);
    if (request.success) {
      void answer(client, request.data.method, request.data.input, request.data.id);
      return;
    }
    const id = salvageRequestId(message);
    if (id === undefined) {
      client.socket.close(SOCKET_CLOSE_CODES.policyViolation, 'A request had no numeric id.');
      return;
    }
    const issues = request.error.issues.map((issue) => ({
      path: issue.path.join('.') || '(request)',
      message: issue.message,
    }));
    send(
      client,
      JSON.stringify(errorResponse(id, { code: 'invalid_input', message: 'Malformed request.', issues })),
    );
  }

  // A headless runtime often has no console open: the gateway then hears no events, so the engine
  // does not even build the task-graph views only a console shows (see EventHub.isHeard).
  let stopForwardingEvents: (() => void) | null = null;
  const stopForwarding = () => {
    stopForwardingEvents?.();
    stopForwardingEvents = null;
  };
  const forwardEvent = (name: EventName, payload: unknown) => {
    let text: string;
    try {
      text = JSON.stringify({ type: 'event', name, payload } satisfies WireEvent);
    } catch (error) {
      logger.error({ err: error, event: name }, 'event payload cannot be serialized');
      return;
    }
    for (const client of consoles) send(client, text);
  };

  function accept(socket: WebSocket, sessionId: string): void {
    const client: ConsoleSocket = { socket, sessionId, answeredPing: true };
    consoles.add(client);
    stopForwardingEvents ??= events.subscribe(forwardEvent);
    socket.on('pong', () => {
      client.answeredPing = true;
    });
    socket.on('message', (data, isBinary) => receive(client, data, isBinary));
    // ws reports protocol violations (e.g. an oversized frame) here, then closes the socket.
    socket.on('error', (error) => logger.warn({ err: error }, 'console socket error'));
    socket.on('close', () => {
      consoles.delete(client);
      if (consoles.size === 0) stopForwarding();
    });
  }

  const heartbeat = setInterval(() => {
    for (const client of consoles) {
      if (!client.answeredPing) {
        client.socket.terminate();
        continue;
      }
      client.answeredPing = false;
      client.socket.ping();
    }
  }, options.heartbeatIntervalMs);
  heartbeat.unref();

  return {
    handleUpgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      if (closing) return refuseUpgrade(socket, 503, 'The server is shutting down.');
      if (pathname !== API_SOCKET_PATH) return refuseUpgrade(socket, 404, 'There is no WebSocket here.');
      const handshake = options.checkHandshake(request);
      if (!handshake.ok) return refuseUpgrade(socket, handshake.status, handshake.reason);
      const sessionId = options.sessionOf(request);
      if (!sessionId) return refuseUpgrade(socket, 401, 'Sign in to the console first.');
      server.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, sessionId));
    },
    closeSession(sessionId) {
      for (const client of consoles) {
        if (client.sessionId === sessionId) {
          client.socket.close(SOCKET_CLOSE_CODES.sessionEnded, 'You signed out.');
        }
      }
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      stopForwarding();
      const closed = [...consoles].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.socket.once('close', () => resolve());
            client.socket.close(SOCKET_CLOSE_CODES.goingAway, 'The Troupe server is shutting down.');
          }),
      );
      // A client that never answers the close handshake must not hold the shutdown up.
      const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.all(closed), grace]);
      for (const client of consoles) client.socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
