import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as WsClient } from 'ws';
import { SOCKET_CLOSE_CODES } from '../../../src/main/server';
import { DEFAULT_SETTINGS } from '../../../src/shared/domain/settings';
import {
  closed,
  handshakeStatus,
  nextMessage,
  signInWithLink,
  startTestServer,
  type TestServer,
  tryOpen,
  wsUrl,
} from './harness';

let running: TestServer | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await running?.stop();
  running = undefined;
});

const cookies = new WeakMap<TestServer, string>();

/** A signed-in socket, as the console page opens it; all sockets of a server share one session. */
async function openConsoleSocket(server: TestServer): Promise<WebSocket> {
  const cookie = cookies.get(server) ?? (await signInWithLink(server.server));
  cookies.set(server, cookie);
  const result = await tryOpen(wsUrl(server.server), { cookie, origin: server.origin });
  if (!result.opened) throw new Error('the signed-in socket was refused');
  sockets.push(result.socket);
  return result.socket;
}

async function request(socket: WebSocket, message: unknown): Promise<unknown> {
  const answer = nextMessage(socket);
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return answer;
}

describe('the WebSocket handshake', () => {
  it('is refused without a session cookie (401) and from a foreign or missing Origin (403)', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const url = wsUrl(running.server);
    const cookie = await signInWithLink(running.server);

    expect(await handshakeStatus(url, { origin: running.origin })).toBe(401);
    expect(await handshakeStatus(url, { origin: running.origin, cookie: 'troupe_session_1=forged' })).toBe(
      401,
    );
    expect(await handshakeStatus(url, { cookie, origin: 'http://evil.example' })).toBe(403);
    expect(await handshakeStatus(url, { cookie })).toBe(403);
    expect(await handshakeStatus(url, { cookie, origin: running.origin })).toBe(101);

    expect((await tryOpen(url, { origin: running.origin })).opened).toBe(false);
    expect((await tryOpen(url, { cookie, origin: 'http://evil.example' })).opened).toBe(false);
  });

  it('exists only at /api/ws', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const cookie = await signInWithLink(running.server);
    const elsewhere = wsUrl(running.server).replace('/api/ws', '/api/other');
    expect(await handshakeStatus(elsewhere, { cookie, origin: running.origin })).toBe(404);
    expect((await fetch(`${running.server.url}api/ws`)).status).toBe(426);
  });
});

describe('API calls over the WebSocket', () => {
  it('answers each request under its id', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const socket = await openConsoleSocket(running);
    expect(await request(socket, { type: 'request', id: 7, method: 'settings.get', input: {} })).toEqual({
      type: 'response',
      id: 7,
      ok: true,
      result: DEFAULT_SETTINGS,
    });
    expect(
      await request(socket, {
        type: 'request',
        id: 8,
        method: 'agents.get',
        input: { configName: 'Nobody' },
      }),
    ).toEqual({
      type: 'response',
      id: 8,
      ok: false,
      error: { code: 'not_found', message: 'There is no agent named Nobody.' },
    });
  });

  it('answers invalid input with invalid_input and an unknown method with not_found', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const socket = await openConsoleSocket(running);
    const invalid = (await request(socket, {
      type: 'request',
      id: 1,
      method: 'settings.update',
      input: { llmBaseUrls: { openai: 'ftp://nope' } },
    })) as { ok: boolean; error: { code: string; issues: { path: string }[] } };
    expect(invalid.ok).toBe(false);
    expect(invalid.error.code).toBe('invalid_input');
    expect(invalid.error.issues.map((issue) => issue.path)).toContain('llmBaseUrls.openai');
    // A field's refusal is worded for the person who typed it, not as the validator's report.
    const outOfRange = (await request(socket, {
      type: 'request',
      id: 3,
      method: 'settings.update',
      input: { engine: { maxRetries: 99_999_999 } },
    })) as { error: { issues: { path: string; message: string }[] } };
    expect(outOfRange.error.issues).toEqual([
      { path: 'engine.maxRetries', message: 'Enter a number of at most 100.' },
    ]);

    const unknown = (await request(socket, {
      type: 'request',
      id: 2,
      method: 'agents.teleport',
      input: {},
    })) as {
      error: { code: string };
    };
    expect(unknown.error.code).toBe('not_found');
  });

  it('answers a malformed request that has an id, and closes on one it cannot answer', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const socket = await openConsoleSocket(running);
    const malformed = (await request(socket, { type: 'request', id: 3, method: 42 })) as {
      id: number;
      error: { code: string };
    };
    expect(malformed.id).toBe(3);
    expect(malformed.error.code).toBe('invalid_input');

    const closing = closed(socket);
    socket.send('this is not JSON');
    expect(await closing).toEqual({
      code: SOCKET_CLOSE_CODES.policyViolation,
      reason: 'A request was not valid JSON.',
    });

    // The server carries on for other sockets.
    const other = await openConsoleSocket(running);
    expect(
      await request(other, { type: 'request', id: 1, method: 'secrets.status', input: {} }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('closes a socket that sends a message over the size limit', { timeout: 10_000 }, async () => {
    running = await startTestServer({ maxMessageBytes: 1024 });
    const socket = await openConsoleSocket(running);
    const closing = closed(socket);
    socket.send(
      JSON.stringify({ type: 'request', id: 1, method: 'settings.get', input: { pad: 'x'.repeat(2048) } }),
    );
    expect((await closing).code).toBe(1009);
  });
});

describe('server events', () => {
  it('reach every signed-in socket', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const first = await openConsoleSocket(running);
    const second = await openConsoleSocket(running);
    const onFirst = nextMessage(first);
    const onSecond = nextMessage(second);
    running.events.emit('agent.stateChanged', {
      configName: 'Wendy',
      telegramId: 42,
      enabled: true,
      loginState: 'logged-in',
      updatedAt: null,
    });
    const expected = {
      type: 'event',
      name: 'agent.stateChanged',
      payload: expect.objectContaining({ configName: 'Wendy' }),
    };
    expect(await onFirst).toEqual(expected);
    expect(await onSecond).toEqual(expected);
  });

  it('are heard only while a console is open, and reach one opened after the last closed', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    expect(running.events.isHeard('conversation.graphChanged')).toBe(false);

    const first = await openConsoleSocket(running);
    expect(running.events.isHeard('conversation.graphChanged')).toBe(true);
    first.close();
    await closed(first);
    await expect.poll(() => running?.events.isHeard('conversation.graphChanged')).toBe(false);

    const again = await openConsoleSocket(running);
    const onAgain = nextMessage(again);
    running.events.emit('schedule.changed', { agent: 'Wendy' });
    expect(await onAgain).toEqual({ type: 'event', name: 'schedule.changed', payload: { agent: 'Wendy' } });
  });
});

describe('socket lifetime', () => {
  it('drops a socket that stops answering pings', { timeout: 10_000 }, async () => {
    running = await startTestServer({ heartbeatIntervalMs: 50 });
    const cookie = await signInWithLink(running.server);
    cookies.set(running, cookie);
    // ws can switch off its automatic pong, which is what a dead peer looks like.
    const silent = new WsClient(wsUrl(running.server), {
      headers: { cookie, origin: running.origin },
      autoPong: false,
    });
    await new Promise((resolve, reject) => silent.once('open', resolve).once('error', reject));
    const code = await new Promise<number>((resolve) => silent.once('close', resolve));
    expect(code).toBe(1006);

    const live = await openConsoleSocket(running);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(live.readyState).toBe(WebSocket.OPEN);
  });

  it('close() closes open sockets with 1001 and frees the port', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const socket = await openConsoleSocket(running);
    const closing = closed(socket);
    const { server } = running;
    await running.stop();
    running = undefined;
    expect((await closing).code).toBe(SOCKET_CLOSE_CODES.goingAway);
    await expect(fetch(server.url)).rejects.toThrow();

    const again = await startTestServer({ port: server.port });
    running = again;
    expect(again.server.port).toBe(server.port);
  });
});
