import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runServe } from '../../../src/main/cli/serve';
import { ConsoleServerConfigError, validateConsoleServerSettings } from '../../../src/main/server';
import { handshakeStatus, signInWithLink, startTestServer, type TestServer, wsUrl } from './harness';

const PASSWORD = 'correct horse battery';

let running: TestServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function login(server: TestServer, password: string, headers: Record<string, string> = {}) {
  return fetch(`${server.server.url}auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });
}

/** A sign-in sent from another loopback address of this machine (127.0.0.2, …). */
function loginFrom(server: TestServer, localAddress: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${server.server.url}auth/login`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ password }));
  });
}

describe('sign-in throttle behind a trusted proxy', () => {
  it('locks out the client the proxy names, not everyone behind the proxy', { timeout: 20_000 }, async () => {
    running = await startTestServer({ password: PASSWORD, trustedProxies: ['127.0.0.1'] });
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(running, `guess ${attempt}`, attacker)).status).toBe(401);
    }
    const locked = await login(running, PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({
      error: { message: expect.stringContaining('failed sign-ins') },
    });

    const operator = await login(running, PASSWORD, { 'x-forwarded-for': '198.51.100.5' });
    expect(operator.status).toBe(200);
  });

  it('believes no X-Forwarded-For from a peer that is not the trusted proxy', {
    timeout: 20_000,
  }, async () => {
    running = await startTestServer({ password: PASSWORD, trustedProxies: ['10.9.9.9'] });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${attempt}` };
      expect((await login(running, `guess ${attempt}`, forged)).status).toBe(401);
    }
    expect((await login(running, PASSWORD, { 'x-forwarded-for': '203.0.113.200' })).status).toBe(429);
  });

  it('answers 429 with Retry-After once all clients together have spent the budget of checks', {
    timeout: 20_000,
  }, async () => {
    let clock = 1_000_000;
    running = await startTestServer({ password: PASSWORD, trustedProxies: ['127.0.0.1'], now: () => clock });
    for (let client = 1; client <= 6; client += 1) {
      expect((await login(running, 'guess', { 'x-forwarded-for': `203.0.113.${client}` })).status).toBe(401);
    }
    const spent = await login(running, PASSWORD, { 'x-forwarded-for': '198.51.100.5' });
    expect(spent.status).toBe(429);
    expect(spent.headers.get('retry-after')).toBe('10');
    expect(await spent.json()).toEqual({
      error: {
        code: 'unauthorized',
        message: 'Too many sign-in attempts on this server right now; try again in 10 seconds.',
      },
    });
    clock += 10_000;
    expect((await login(running, PASSWORD, { 'x-forwarded-for': '198.51.100.5' })).status).toBe(200);
  });
});

describe('sign-in throttle without a proxy', () => {
  it('counts every loopback address as one client', { timeout: 20_000 }, async () => {
    running = await startTestServer({ password: PASSWORD });
    for (let host = 2; host <= 6; host += 1) {
      expect(await loginFrom(running, `127.0.0.${host}`, 'guess')).toBe(401);
    }
    expect(await loginFrom(running, '127.0.0.7', PASSWORD)).toBe(429);
    expect((await login(running, PASSWORD)).status).toBe(429);
  });
});

describe('https behind a trusted proxy', () => {
  it('marks the session cookie Secure when the trusted proxy says the browser used https', {
    timeout: 20_000,
  }, async () => {
    running = await startTestServer({ password: PASSWORD, trustedProxies: ['127.0.0.1'] });
    const overHttps = await login(running, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(overHttps.headers.get('set-cookie')).toMatch(/; Secure$/);
    const overHttp = await login(running, PASSWORD, { 'x-forwarded-proto': 'http' });
    expect(overHttp.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('believes X-Forwarded-Proto only from the trusted proxy', { timeout: 20_000 }, async () => {
    running = await startTestServer({ password: PASSWORD });
    const forged = await login(running, PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(forged.status).toBe(200);
    expect(forged.headers.get('set-cookie')).not.toContain('Secure');
  });
});

describe('the WebSocket Origin check', () => {
  it('refuses an https page on the host and port of an http console', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const cookie = await signInWithLink(running.server);
    const url = wsUrl(running.server);
    expect(await handshakeStatus(url, { cookie, origin: running.origin.replace('http:', 'https:') })).toBe(
      403,
    );
    expect(await handshakeStatus(url, { cookie, origin: running.origin })).toBe(101);
  });

  it('expects an https page when the trusted proxy says the console is served over https', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    const cookie = await signInWithLink(running.server);
    const url = wsUrl(running.server);
    const viaTls = { cookie, 'x-forwarded-proto': 'https' };
    expect(await handshakeStatus(url, { ...viaTls, origin: running.origin.replace('http:', 'https:') })).toBe(
      101,
    );
    expect(await handshakeStatus(url, { ...viaTls, origin: running.origin })).toBe(403);
  });
});

describe('troupe serve --trusted-proxy', () => {
  function serveIo() {
    const out: string[] = [];
    const io = {
      stdout: (text: string) => out.push(text),
      stderr: (text: string) => out.push(text),
      env: {},
      cwd: '/',
      appRoot: '/',
    };
    return { io, output: () => out.join('') };
  }

  it('is in the help, and a bad value stops the command before anything starts', {
    timeout: 5_000,
  }, async () => {
    const help = serveIo();
    expect(await runServe(['--help'], help.io)).toBe(0);
    expect(help.output()).toContain('--trusted-proxy ADDRESSES');

    const bad = serveIo();
    expect(await runServe(['--trusted-proxy', '127.0.0.1,proxy.example'], bad.io)).toBe(2);
    expect(bad.output()).toContain('not "proxy.example"');
  });

  it('refuses a name or a malformed range and says what it takes', { timeout: 1_000 }, () => {
    const settings = { host: '127.0.0.1', port: 0 };
    expect(() => validateConsoleServerSettings({ ...settings, trustedProxies: ['proxy.example'] })).toThrow(
      ConsoleServerConfigError,
    );
    expect(() => validateConsoleServerSettings({ ...settings, trustedProxies: ['10.0.0.0/40'] })).toThrow(
      '--trusted-proxy takes IP addresses or CIDR ranges (127.0.0.1, ::1, 10.0.0.0/8), not "10.0.0.0/40".',
    );
    expect(
      validateConsoleServerSettings({ ...settings, trustedProxies: ['::1', '10.0.0.0/8'] }).trustedProxies,
    ).toEqual(['::1', '10.0.0.0/8']);
  });
});
