import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetcher } from '../../../src/main/retrieval/fetch/safe-fetcher';

let server: Server;
let port: number;
let base: string;
const seenHosts: string[] = [];

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location });
  response.end();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seenHosts.push(request.headers.host ?? '');
    const path = request.url ?? '/';
    if (path === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<html><body><p>Hello from the test server</p></body></html>');
    } else if (path === '/agent') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(request.headers['user-agent']);
    } else if (path === '/to-private') redirect(response, 'http://10.0.0.1/secret');
    else if (path === '/to-loopback-v6') redirect(response, `http://[::1]:${port}/page`);
    else if (path === '/to-other-loopback') redirect(response, `http://127.0.0.2:${port}/page`);
    else if (path === '/to-metadata-decimal') redirect(response, 'http://2852039166/latest/meta-data/');
    else if (path === '/to-file') redirect(response, 'file:///etc/passwd');
    else if (path.startsWith('/loop/')) redirect(response, `/loop/${Number(path.slice(6)) + 1}`);
    else if (path === '/hop') redirect(response, '/page');
    else if (path === '/slow') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><body>');
      const drip = setInterval(() => response.write('.'), 100);
      response.on('close', () => clearInterval(drip));
    } else if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && response.write(chunk)) sent++;
        if (sent < 64) response.once('drain', pump);
        else response.end();
      };
      pump();
    } else if (path === '/huge-declared') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024) });
      response.write('x');
    } else if (path === '/bomb') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    } else if (path === '/gzip') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.from('compressed hello')));
    } else {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not here</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A fetcher that may reach the test server's own address, and nothing else the policy refuses. */
function exemptFetcher(options: ConstructorParameters<typeof SafeFetcher>[0] = {}): SafeFetcher {
  return new SafeFetcher({ exemptAddresses: ['127.0.0.1'], ...options });
}

describe('SafeFetcher against a local server', () => {
  it('fetches a page from the exempted test server, with a User-Agent naming only the product', async () => {
    const fetcher = exemptFetcher();
    const page = await fetcher.fetch(`${base}/page`);
    expect(page).toMatchObject({ ok: true, status: 200, contentType: 'text/html', charset: 'utf-8' });
    expect(page.ok && page.body.toString()).toContain('Hello from the test server');
    const agent = await fetcher.fetch(`${base}/agent`);
    expect(agent.ok && agent.body.toString()).toBe('Troupe/1.0 (document retrieval)');
    await fetcher.close();
  });

  it('refuses the test server itself without the explicit exemption', async () => {
    const fetcher = new SafeFetcher();
    expect(await fetcher.fetch(`${base}/page`)).toMatchObject({ ok: false, reason: 'refused' });
    await fetcher.close();
  });

  it('follows a redirect by hand, and refuses one that leads to a private, loopback or metadata address', async () => {
    const fetcher = exemptFetcher();
    const followed = await fetcher.fetch(`${base}/hop`);
    expect(followed).toMatchObject({ ok: true, status: 200, finalUrl: `${base}/page` });
    for (const path of ['/to-private', '/to-loopback-v6', '/to-other-loopback', '/to-metadata-decimal']) {
      const result = await fetcher.fetch(`${base}${path}`);
      expect(result, path).toMatchObject({ ok: false, reason: 'refused' });
    }
    expect(await fetcher.fetch(`${base}/to-file`)).toMatchObject({ ok: false, reason: 'scheme' });
    await fetcher.close();
  });

  it('gives up after five redirects', async () => {
    const fetcher = exemptFetcher();
    const result = await fetcher.fetch(`${base}/loop/0`);
    expect(result).toMatchObject({ ok: false, reason: 'redirects' });
    await fetcher.close();
  });

  it('stops a body that drips past the total time limit', async () => {
    const fetcher = exemptFetcher({ totalTimeoutMs: 600 });
    const started = Date.now();
    expect(await fetcher.fetch(`${base}/slow`)).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    await fetcher.close();
  });

  it('stops reading a body past the size limit, declared or not, and a compressed bomb by its output', async () => {
    const fetcher = exemptFetcher({ maxBytes: 1024 * 1024 });
    expect(await fetcher.fetch(`${base}/huge`)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(await fetcher.fetch(`${base}/huge-declared`)).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: expect.stringMatching(/50\.0 MB/),
    });
    expect(await fetcher.fetch(`${base}/bomb`)).toMatchObject({ ok: false, reason: 'too-large' });
    const gzip = await fetcher.fetch(`${base}/gzip`);
    expect(gzip.ok && gzip.body.toString()).toBe('compressed hello');
    await fetcher.close();
  });

  it('returns an HTTP error as a response with its status', async () => {
    const fetcher = exemptFetcher();
    expect(await fetcher.fetch(`${base}/missing`)).toMatchObject({ ok: true, status: 404 });
    await fetcher.close();
  });
});

describe('SafeFetcher resolving names', () => {
  it('refuses a name that resolves to 127.0.0.1, or to any refused address among public ones', async () => {
    const answers: Record<string, string[]> = {
      'rebind.example': ['127.0.0.1'],
      'mixed.example': ['93.184.215.14', '10.0.0.7'],
      'mapped.example': ['::ffff:127.0.0.1'],
    };
    const fetcher = new SafeFetcher({ resolve: async (name) => answers[name] ?? [] });
    for (const name of Object.keys(answers)) {
      const result = await fetcher.fetch(`http://${name}:${port}/page`);
      expect(result, name).toMatchObject({ ok: false, reason: 'refused' });
      expect(result.ok === false && result.message).toContain(name);
    }
    await fetcher.close();
  });

  it('resolves a name once per connection and connects to exactly the address it checked', async () => {
    let lookups = 0;
    const fetcher = exemptFetcher({
      resolve: async () => {
        lookups++;
        // A rebinding resolver: a second question would be answered with a private address.
        return lookups === 1 ? ['127.0.0.1'] : ['10.0.0.1'];
      },
    });
    const page = await fetcher.fetch(`http://pinned.example:${port}/page`);
    expect(page).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(seenHosts.at(-1)).toBe(`pinned.example:${port}`);
    await fetcher.close();
  });
});
