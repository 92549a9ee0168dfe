import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleServerConfigError, SOCKET_CLOSE_CODES, startConsoleServer } from '../../../src/main/server';
import { ConsoleSessionSchema } from '../../../src/shared/api/http-auth';
import {
  closed,
  cookiePair,
  createTestRuntime,
  handshakeStatus,
  makeStaticDir,
  rawGet,
  signInWithLink,
  startTestServer,
  type TestServer,
  tryOpen,
  wsUrl,
} from './harness';

const PASSWORD = 'correct horse battery';

let running: TestServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function session(server: TestServer, cookie?: string) {
  const response = await fetch(`${server.server.url}auth/session`, cookie ? { headers: { cookie } } : {});
  return { status: response.status, body: ConsoleSessionSchema.parse(await response.json()), response };
}

function login(server: TestServer, password: string, extraHeaders: Record<string, string> = {}) {
  return fetch(`${server.server.url}auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...extraHeaders },
    body: JSON.stringify({ password }),
  });
}

describe('the one-time login link', () => {
  it('sets an HttpOnly SameSite=Strict session cookie, redirects to / and is then spent', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const { server } = running;
    expect(server.loginUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);

    const first = await fetch(server.loginUrl, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^troupe_session_${server.port}=[\\w-]{40,};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const cookie = cookiePair(first);
    expect((await session(running, cookie)).body).toEqual({ authenticated: true, passwordLogin: false });

    const second = await fetch(server.loginUrl, { redirect: 'manual' });
    expect(second.status).toBe(401);
    expect(second.headers.get('set-cookie')).toBeNull();
    const page = await second.text();
    expect(page).toContain('This login link no longer works');
    expect(page).toContain('start it with <code>--password-file</code>');
    expect(page).not.toContain('class="action"');
  });

  it('refuses a wrong token without spending the right one', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const wrong = await fetch(`${running.server.url}?token=not-the-token`, { redirect: 'manual' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await fetch(running.server.loginUrl, { redirect: 'manual' })).status).toBe(303);
  });

  it('sends a browser that already has a session on to the console when it reopens a spent link', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const cookie = await signInWithLink(running.server);
    const again = await fetch(running.server.loginUrl, { redirect: 'manual', headers: { cookie } });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/');
  });
});

describe('/auth/session and /auth/logout', () => {
  it('reports signed out without a cookie, and logout ends the session and closes its sockets', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    expect((await session(running)).body).toEqual({ authenticated: false, passwordLogin: false });
    expect((await session(running, 'troupe_session_1=forged')).body.authenticated).toBe(false);

    const cookie = await signInWithLink(running.server);
    const open = await tryOpen(wsUrl(running.server), { cookie, origin: running.origin });
    if (!open.opened) throw new Error('the signed-in socket was refused');
    const socketClosed = closed(open.socket);
    const logout = await fetch(`${running.server.url}auth/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    expect((await socketClosed).code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    expect(logout.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await session(running, cookie)).body.authenticated).toBe(false);
    expect(await handshakeStatus(wsUrl(running.server), { cookie, origin: running.origin })).toBe(401);
  });

  it('refuses a logout posted from another site', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const cookie = await signInWithLink(running.server);
    const logout = await fetch(`${running.server.url}auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(logout.status).toBe(403);
    expect((await session(running, cookie)).body.authenticated).toBe(true);
  });
});

describe('password login', () => {
  it('signs in with the right password and says password login is available', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer({ password: PASSWORD });
    expect((await session(running)).body).toEqual({ authenticated: false, passwordLogin: true });

    const wrong = await login(running, 'wrong password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.json()).toEqual({ error: { code: 'unauthorized', message: 'Wrong password.' } });

    const right = await login(running, PASSWORD);
    expect(right.status).toBe(200);
    const cookie = cookiePair(right);
    expect((await session(running, cookie)).body).toEqual({ authenticated: true, passwordLogin: true });
  });

  it('sends a spent login link on to the password sign-in', { timeout: 10_000 }, async () => {
    running = await startTestServer({ password: PASSWORD });
    await fetch(running.server.loginUrl, { redirect: 'manual' });
    const spent = await fetch(running.server.loginUrl, { redirect: 'manual' });
    expect(spent.status).toBe(401);
    expect(await spent.text()).toContain('<a class="action" href="/">Sign in with the password</a>');
  });

  it('answers 429 with Retry-After after five failures, even for the right password', {
    timeout: 15_000,
  }, async () => {
    running = await startTestServer({ password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(running, `guess ${attempt}`)).status).toBe(401);
    }
    const locked = await login(running, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect(locked.headers.get('set-cookie')).toBeNull();
  });

  it('lets the client in again once the lockout has passed', { timeout: 15_000 }, async () => {
    let clock = 1_000_000;
    running = await startTestServer({ password: PASSWORD, now: () => clock });
    for (let attempt = 0; attempt < 5; attempt += 1) await login(running, `guess ${attempt}`);
    expect((await login(running, PASSWORD)).status).toBe(429);
    clock += 30_000;
    expect((await login(running, PASSWORD)).status).toBe(200);
  });

  it('rejects a body that is not the expected JSON', { timeout: 10_000 }, async () => {
    running = await startTestServer({ password: PASSWORD });
    const url = `${running.server.url}auth/login`;
    const asForm = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `password=${PASSWORD}`,
    });
    expect(asForm.status).toBe(415);
    const badJson = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(badJson.status).toBe(400);
    const wrongShape = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pass: PASSWORD }),
    });
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('is not offered when the server has no password', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const response = await login(running, PASSWORD);
    expect(response.status).toBe(404);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('where the server may listen', () => {
  it('refuses a non-loopback address without a password and names the flag to add', {
    timeout: 10_000,
  }, async () => {
    const runtime = createTestRuntime();
    const staticDir = makeStaticDir();
    const start = startConsoleServer({
      host: '0.0.0.0',
      port: 0,
      dispatch: runtime.dispatch,
      events: runtime.events,
      staticDir,
      logger: runtime.logger,
    });
    await expect(start).rejects.toBeInstanceOf(ConsoleServerConfigError);
    await expect(start).rejects.toThrow(/--password-file/);
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('listens on a non-loopback address when a password is set, and answers any host name', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer({ host: '0.0.0.0', password: PASSWORD });
    const response = await rawGet(`http://127.0.0.1:${running.server.port}/`, '/auth/session', {
      host: 'troupe.example.org',
    });
    expect(response.status).toBe(200);
  });

  it('without a password answers only requests addressed to a loopback name', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const base = running.server.url;
    expect((await rawGet(base, '/', { host: `localhost:${running.server.port}` })).status).toBe(200);
    const rebound = await rawGet(base, '/', { host: `attacker.example:${running.server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('--password-file');
  });
});
