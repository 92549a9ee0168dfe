import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionState,
  createWebSocketTransport,
  type WebSocketLike,
} from '../../src/renderer/api/ws-transport';

type Listener = (event: { data: unknown }) => void;

/** A scripted socket: the test decides when it opens, what it receives and when it drops. */
class FakeSocket implements WebSocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.readyState = 3;
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  fire(type: 'open' | 'close' | 'error' | 'message', data?: unknown): void {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }

  answer(id: number, result: unknown): void {
    this.fire('message', JSON.stringify({ type: 'response', id, ok: true, result }));
  }
}

function latest(): FakeSocket {
  const socket = FakeSocket.created.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

function transport() {
  return createWebSocketTransport({
    url: 'ws://127.0.0.1:7420/api/ws',
    WebSocketImpl: FakeSocket,
    initialReconnectDelayMs: 1_000,
    maxReconnectDelayMs: 8_000,
  });
}

beforeEach(() => {
  FakeSocket.created = [];
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createWebSocketTransport', () => {
  it('opens no socket until first used', { timeout: 1_000 }, () => {
    const ws = transport();
    ws.onConnectionState(() => {});
    expect(FakeSocket.created).toHaveLength(0);
    ws.onEvent(() => {});
    expect(FakeSocket.created).toHaveLength(1);
    expect(latest().url).toBe('ws://127.0.0.1:7420/api/ws');
  });

  it('queues calls until the socket opens and matches answers by id, in any order', {
    timeout: 1_000,
  }, async () => {
    const ws = transport();
    const first = ws.call('settings.get', {});
    const second = ws.call('app.info', {});
    const socket = latest();
    expect(socket.sent).toEqual([]);
    socket.fire('open');
    expect(socket.sent).toEqual([
      { type: 'request', id: 1, method: 'settings.get', input: {} },
      { type: 'request', id: 2, method: 'app.info', input: {} },
    ]);
    socket.answer(2, 'info');
    socket.answer(1, 'settings');
    await expect(first).resolves.toEqual({ ok: true, result: 'settings' });
    await expect(second).resolves.toEqual({ ok: true, result: 'info' });
  });

  it('ignores malformed and unrelated messages', { timeout: 1_000 }, async () => {
    const ws = transport();
    const events: unknown[] = [];
    ws.onEvent((name, payload) => events.push([name, payload]));
    const call = ws.call('settings.get', {});
    const socket = latest();
    socket.fire('open');
    socket.fire('message', 'not json');
    socket.fire('message', JSON.stringify({ type: 'surprise' }));
    socket.answer(99, 'for nobody');
    socket.fire('message', JSON.stringify({ type: 'event', name: 'settings.changed', payload: { a: 1 } }));
    socket.answer(1, 'mine');
    await expect(call).resolves.toEqual({ ok: true, result: 'mine' });
    expect(events).toEqual([['settings.changed', { a: 1 }]]);
  });

  it('answers unanswered calls unavailable on a drop and reconnects with a doubling delay', {
    timeout: 1_000,
  }, async () => {
    const ws = transport();
    const states: ConnectionState[] = [];
    ws.onConnectionState((state) => states.push(state));
    const events: string[] = [];
    ws.onEvent((name) => events.push(name));
    latest().fire('open');
    const pending = ws.call('config.check', {});
    latest().fire('close');
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(states).toEqual(['disconnected', 'connecting', 'connected', 'disconnected']);

    // Refused attempts: the delay doubles from 1 s and is capped at 8 s.
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = FakeSocket.created.length;
      const started = Date.now();
      while (FakeSocket.created.length === before) vi.advanceTimersByTime(100);
      delays.push(Date.now() - started);
      latest().fire('error');
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);

    vi.advanceTimersByTime(8_000);
    latest().fire('open');
    expect(ws.connectionState()).toBe('connected');
    latest().fire('message', JSON.stringify({ type: 'event', name: 'config.reloaded', payload: {} }));
    expect(events).toEqual(['config.reloaded']);

    // A good connection resets the backoff.
    latest().fire('close');
    const before = FakeSocket.created.length;
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.created.length).toBe(before + 1);
  });

  it('sends a call made while waiting to reconnect on the next connection', { timeout: 1_000 }, async () => {
    const ws = transport();
    ws.onEvent(() => {});
    latest().fire('open');
    latest().fire('close');
    const call = ws.call('settings.get', {});
    vi.advanceTimersByTime(1_000);
    const socket = latest();
    socket.fire('open');
    expect(socket.sent).toEqual([{ type: 'request', id: 1, method: 'settings.get', input: {} }]);
    socket.answer(1, 'ok');
    await expect(call).resolves.toEqual({ ok: true, result: 'ok' });
  });

  it('keeps delivering to other listeners when one throws', { timeout: 1_000 }, () => {
    const ws = transport();
    const received: string[] = [];
    ws.onEvent(() => {
      throw new Error('listener bug');
    });
    ws.onEvent((name) => received.push(name));
    latest().fire('open');
    latest().fire('message', JSON.stringify({ type: 'event', name: 'secrets.changed', payload: {} }));
    expect(received).toEqual(['secrets.changed']);
    expect(() => vi.runOnlyPendingTimers()).toThrow('listener bug');
  });

  it('after close() opens nothing more and answers calls unavailable', { timeout: 1_000 }, async () => {
    const ws = transport();
    const pending = ws.call('settings.get', {});
    ws.close();
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'unavailable' } });
    await expect(ws.call('settings.get', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(ws.connectionState()).toBe('disconnected');
  });
});
