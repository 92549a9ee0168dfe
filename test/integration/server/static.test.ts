import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HASHED_ASSET, INDEX_HTML, rawGet, startTestServer, type TestServer } from './harness';

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'";

let running: TestServer | undefined;
const scratch: string[] = [];
afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('serving the built console', () => {
  it('serves index.html with the security headers and no caching', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const response = await fetch(running.server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves hashed assets with their type and a long immutable cache', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const script = await fetch(new URL(HASHED_ASSET, running.server.url));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-security-policy')).toBe(CSP);

    const icon = await fetch(new URL('/favicon.svg', running.server.url));
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers client-side routes with index.html and missing files with 404', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer();
    const route = await fetch(new URL('/agents/Wendy/conversations', running.server.url));
    expect(route.status).toBe(200);
    expect(await route.text()).toBe(INDEX_HTML);
    expect((await fetch(new URL('/assets/missing-123.js', running.server.url))).status).toBe(404);
    expect((await fetch(new URL('/api/nothing', running.server.url))).status).toBe(404);
  });

  it('never serves a file outside the console directory', { timeout: 10_000 }, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'troupe-outside-'));
    scratch.push(parent);
    writeFileSync(join(parent, 'secret.txt'), 'TOP-SECRET');
    running = await startTestServer();
    symlinkSync(join(parent, 'secret.txt'), join(running.staticDir, 'linked.txt'));
    const relativeToParent = `${join(running.staticDir, '..')}`.split('/').length;
    const upAndOver = `${'../'.repeat(relativeToParent)}${parent.slice(1)}/secret.txt`;

    const attempts = [
      `/${upAndOver}`,
      `/${upAndOver.replaceAll('/', '%2f')}`,
      `/${upAndOver.replaceAll('.', '%2e')}`,
      `/assets/${upAndOver.replaceAll('/', '%5c')}`,
      `/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      '/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/index.html%00.js',
      '/linked.txt',
    ];
    for (const path of attempts) {
      const response = await rawGet(running.server.url, path);
      expect(response.body, path).not.toContain('TOP-SECRET');
      expect(response.body, path).not.toContain('root:');
      expect([200, 404], path).toContain(response.status);
      if (response.status === 200) expect(response.body, path).toBe(INDEX_HTML);
    }
  });

  it('answers 503 with the build command when the console has not been built', {
    timeout: 10_000,
  }, async () => {
    running = await startTestServer({ staticDir: join(tmpdir(), 'troupe-no-such-build-dir') });
    const response = await fetch(running.server.url);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(await response.text()).toContain('npm run build');
    // The API stays up without the console files.
    expect((await fetch(new URL('/auth/session', running.server.url))).status).toBe(200);
  });

  it('refuses methods other than GET and HEAD on console files', { timeout: 10_000 }, async () => {
    running = await startTestServer();
    const response = await fetch(running.server.url, { method: 'PUT', body: 'x' });
    expect(response.status).toBe(405);
    const head = await fetch(running.server.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(INDEX_HTML.length));
  });
});
