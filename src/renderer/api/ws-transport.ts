import type { ApiTransport } from '../../shared/api/client';
import type { ApiErrorPayload } from '../../shared/api/errors';
import { type CallOutcome, type WireRequest, WireServerMessageSchema } from '../../shared/api/wire';

/** How the browser console's link to `troupe serve` is doing, for the offline banner. */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/** The part of the browser's WebSocket this transport uses, so tests can pass their own. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface WebSocketTransportOptions {
  /** `ws://host:port/api/ws` of the server that served the console. */
  url: string;
  WebSocketImpl?: WebSocketConstructor;
  /** Delay before the first reconnect; it doubles on every failed attempt up to `maxReconnectDelayMs`. */
  initialReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export interface WebSocketTransport extends ApiTransport {
  connectionState(): ConnectionState;
  /** Calls `listener` with the current state at once, then on every change; returns the unsubscribe. */
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
  /** Disconnects for good: unanswered calls resolve `unavailable` and no reconnect follows. */
  close(): void;
}

/** WebSocket.OPEN, spelled out because a test double need not carry the constants. */
const READY_STATE_OPEN = 1;

function unavailable(message: string): CallOutcome {
  const error: ApiErrorPayload = { code: 'unavailable', message };
  return { ok: false, error };
}

/** Throws a listener's error outside the transport's loop, so one bad listener cannot silence the rest. */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}

/**
 * The API over the headless server's WebSocket. Connects on first use; calls made before the
 * socket opens wait for it. A dropped connection answers every unanswered call `unavailable` and
 * reconnects with exponential backoff; event listeners stay subscribed across reconnects, and
 * the `connected` state after a drop tells the console to fetch what it shows again, since events
 * sent while offline are lost.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const { url, initialReconnectDelayMs = 500, maxReconnectDelayMs = 10_000 } = options;
  const WebSocketImpl: WebSocketConstructor = options.WebSocketImpl ?? WebSocket;

  let socket: WebSocketLike | undefined;
  let state: ConnectionState = 'disconnected';
  let closedForGood = false;
  let failedAttempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let nextRequestId = 1;
  /** Every unanswered call, sent or not, by request id. */
  const unanswered = new Map<number, (outcome: CallOutcome) => void>();
  /** Requests waiting for the socket to open, in call order. */
  let unsent: string[] = [];
  const eventListeners = new Set<(name: string, payload: unknown) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  function setState(next: ConnectionState): void {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) {
      try {
        listener(next);
      } catch (error) {
        reportLater(error);
      }
    }
  }

  function answerEveryCall(outcome: CallOutcome): void {
    const resolvers = [...unanswered.values()];
    unanswered.clear();
    unsent = [];
    for (const resolve of resolvers) resolve(outcome);
  }

  function flushUnsent(target: WebSocketLike): void {
    const waiting = unsent;
    unsent = [];
    for (const text of waiting) target.send(text);
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = WireServerMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'event') {
      for (const listener of eventListeners) {
        try {
          listener(message.name, message.payload);
        } catch (error) {
          reportLater(error);
        }
      }
      return;
    }
    const resolve = unanswered.get(message.id);
    if (!resolve) return;
    unanswered.delete(message.id);
    resolve(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error });
  }

  function scheduleReconnect(): void {
    const ceiling = Math.min(maxReconnectDelayMs, initialReconnectDelayMs * 2 ** failedAttempts);
    failedAttempts += 1;
    // Jitter keeps many open tabs from reconnecting in lockstep after a server restart.
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  }

  function onSocketGone(wasOpen: boolean): void {
    socket = undefined;
    answerEveryCall(
      unavailable(
        wasOpen
          ? 'The connection to the Troupe server was lost; reconnecting.'
          : 'The Troupe server cannot be reached; retrying.',
      ),
    );
    setState('disconnected');
    if (!closedForGood) scheduleReconnect();
  }

  function connect(): void {
    if (closedForGood || socket || reconnectTimer) return;
    setState('connecting');
    let opened: WebSocketLike;
    try {
      opened = new WebSocketImpl(url);
    } catch {
      onSocketGone(false);
      return;
    }
    socket = opened;
    let wasOpen = false;
    opened.addEventListener('open', () => {
      if (socket !== opened) return;
      wasOpen = true;
      failedAttempts = 0;
      setState('connected');
      flushUnsent(opened);
    });
    opened.addEventListener('message', (event) => {
      if (socket === opened) receive(event.data);
    });
    // Browsers fire `error` then `close` on a failure, but Node's WebSocket (undici) fires only
    // `error` when the handshake is refused, so whichever comes first ends this socket.
    const lost = () => {
      if (socket !== opened) return;
      onSocketGone(wasOpen);
      opened.close();
    };
    opened.addEventListener('error', lost);
    opened.addEventListener('close', lost);
  }

  return {
    call(method, input) {
      if (closedForGood)
        return Promise.resolve(unavailable('The console is disconnected from the Troupe server.'));
      const id = nextRequestId++;
      const request: WireRequest = { type: 'request', id, method, input };
      let text: string;
      try {
        text = JSON.stringify(request);
      } catch {
        return Promise.resolve({
          ok: false,
          error: { code: 'invalid_input', message: `The input for ${method} cannot be sent as JSON.` },
        });
      }
      return new Promise<CallOutcome>((resolve) => {
        unanswered.set(id, resolve);
        if (socket && socket.readyState === READY_STATE_OPEN) {
          socket.send(text);
        } else {
          unsent.push(text);
          connect();
        }
      });
    },
    onEvent(listener) {
      eventListeners.add(listener);
      connect();
      return () => {
        eventListeners.delete(listener);
      };
    },
    connectionState: () => state,
    onConnectionState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => {
        stateListeners.delete(listener);
      };
    },
    close() {
      closedForGood = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const current = socket;
      socket = undefined;
      current?.close(1000, 'The console closed the connection.');
      answerEveryCall(unavailable('The console is disconnected from the Troupe server.'));
      setState('disconnected');
    },
  };
}
