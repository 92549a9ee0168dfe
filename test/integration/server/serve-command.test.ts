import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServe } from '../../../src/main/cli/serve';
import { REPO_ROOT } from '../../support/serve-process';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'troupe-serve-'));
  scratch.push(dir);
  return dir;
}

function serveIo(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const signals = new EventEmitter();
  return {
    io: {
      stdout: (text: string) => out.push(text),
      stderr: (text: string) => err.push(text),
      env: { TROUPE_LOG_LEVEL: 'warn', ...env },
      cwd: tempDir(),
      appRoot: REPO_ROOT,
      signals,
    },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    signals,
  };
}

async function loginUrlPrinted(stdout: () => string, exited: Promise<number>): Promise<string> {
  for (;;) {
    const match = /Troupe console: (\S+)/.exec(stdout());
    if (match?.[1]) return match[1];
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20))]);
    if (typeof code === 'number') throw new Error(`runServe exited with ${code} before printing the link`);
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('troupe serve', () => {
  it('prints a working one-time link and stops cleanly on SIGTERM', { timeout: 20_000 }, async () => {
    const state = tempDir();
    const run = serveIo();
    const exited = runServe(['--port', '0', '--state', state], run.io);
    const loginUrl = await loginUrlPrinted(run.stdout, exited);
    expect(loginUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect(run.stdout()).toContain('signs in one browser');
    expect(run.stdout()).toContain(`State (database, key, sign-ins): ${state}\n`);

    const signIn = await fetch(loginUrl, { redirect: 'manual' });
    expect(signIn.status).toBe(303);
    expect(existsSync(join(state, 'secret.key'))).toBe(true);

    run.signals.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portIsFree(Number(new URL(loginUrl).port))).toBe(true);
    expect(run.signals.listenerCount('SIGINT')).toBe(0);
  });

  it('signs in with the password from --password-file', { timeout: 20_000 }, async () => {
    const passwordFile = join(tempDir(), 'password');
    writeFileSync(passwordFile, 'hunter2-but-longer\n', { mode: 0o600 });
    const run = serveIo();
    const exited = runServe(['--port', '0', '--state', tempDir(), '--password-file', passwordFile], run.io);
    const origin = new URL(await loginUrlPrinted(run.stdout, exited)).origin;
    const login = (password: string) =>
      fetch(`${origin}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    expect((await login('hunter2-but-longer\n')).status).toBe(401);
    expect((await login('hunter2-but-longer')).status).toBe(200);
    run.signals.emit('SIGINT');
    expect(await exited).toBe(0);
  });

  it('refuses a non-loopback host without a password before touching the state directory', {
    timeout: 10_000,
  }, async () => {
    const state = join(tempDir(), 'state');
    const run = serveIo();
    expect(await runServe(['--host', '0.0.0.0', '--state', state], run.io)).toBe(2);
    expect(run.stderr()).toContain('--password-file');
    expect(run.stderr()).toContain('TROUPE_SERVER_PASSWORD');
    expect(existsSync(state)).toBe(false);
  });

  it('accepts a non-loopback host with TROUPE_SERVER_PASSWORD', { timeout: 20_000 }, async () => {
    const run = serveIo({ TROUPE_SERVER_PASSWORD: 'from-the-environment' });
    const exited = runServe(['--host', '0.0.0.0', '--port', '0', '--state', tempDir()], run.io);
    expect(await loginUrlPrinted(run.stdout, exited)).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/\?token=/);
    expect(run.stdout()).toContain('operator password');
    run.signals.emit('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.each([
    [['--verbose'], /Unknown option '--verbose'/],
    [['--port', 'http'], /--port needs a number/],
    [['--port', '70000'], /--port needs a number/],
    [['--password-file', '/no/such/troupe-password'], /Cannot read --password-file/],
    [['--config-path', ':'], /--config-path needs at least one directory/],
    [['extra'], /Unexpected argument/],
  ])('exits 2 with usage for %j', { timeout: 10_000 }, async (args, message) => {
    const run = serveIo();
    expect(await runServe(args, run.io)).toBe(2);
    expect(run.stderr()).toMatch(message);
    expect(run.stderr()).toContain('Usage: troupe serve');
  });

  it('exits 1 with a clear message when the port is taken', { timeout: 20_000 }, async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const run = serveIo();
      expect(await runServe(['--port', String(port), '--state', tempDir()], run.io)).toBe(1);
      expect(run.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(run.signals.listenerCount('SIGTERM')).toBe(0);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
