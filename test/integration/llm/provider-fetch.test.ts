import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerFetch } from '../../../src/main/llm/provider-fetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: number;
}

/** A local HTTP server whose answers each test sets by path; it records every request it saw. */
function startServer(answer: (seen: Seen, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  const sockets = new Map<unknown, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!sockets.has(request.socket)) sockets.set(request.socket, sockets.size);
      const one = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        socket: sockets.get(request.socket)!,
      };
      seen.push(one);
      answer(one, response);
    });
  });
  return new Promise<{ server: Server; origin: string; seen: Seen[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

describe('provider fetch', () => {
  let local: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;

  beforeEach(async () => {
    other = await startServer((_seen, response) => response.end('elsewhere'));
    local = await startServer(({ url }, response) => {
      if (url === '/json') {
        response.setHeader('content-type', 'application/json');
        response.setHeader('x-request-id', 'r-1');
        response.end(JSON.stringify({ ok: true, text: 'héllo 👋' }));
      } else if (url === '/slow') {
        setTimeout(() => response.end('late'), 5_000).unref();
      } else if (url === '/gzip') {
        response.setHeader('content-encoding', 'gzip');
        response.end(gzipSync(JSON.stringify({ packed: 'yes' })));
      } else if (url === '/empty') {
        response.statusCode = 204;
        response.end();
      } else if (url === '/limited') {
        response.statusCode = 429;
        response.setHeader('retry-after', '7');
        response.end('{"error":{"message":"slow down"}}');
      } else if (url.startsWith('/redirect/')) {
        const [, , status, target] = url.split('/');
        response.statusCode = Number(status);
        response.setHeader('location', target === 'away' ? `${other.origin}/landed` : '/json');
        response.end();
      } else if (url === '/drop') {
        response.socket?.destroy();
      } else {
        response.statusCode = 404;
        response.end('no such path');
      }
    });
  });
  afterEach(async () => {
    for (const { server } of [local, other]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('posts the body and headers, and answers with status, headers and the whole body', async () => {
    const response = await providerFetch(`${local.origin}/json`, {
      method: 'post',
      headers: new Headers({ 'content-type': 'application/json', 'x-goog-api-key': 'k-1' }),
      body: JSON.stringify({ contents: 'ünïcode ✓' }),
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('OK');
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(await response.json()).toEqual({ ok: true, text: 'héllo 👋' });
    expect(local.seen[0]).toMatchObject({
      method: 'POST',
      body: '{"contents":"ünïcode ✓"}',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k-1' },
    });
  });

  it('keeps the connection for the next call', async () => {
    for (let call = 0; call < 3; call += 1) await (await providerFetch(`${local.origin}/json`)).text();
    expect(local.seen.map(({ socket }) => socket)).toEqual([0, 0, 0]);
  });

  it('hands error statuses to the caller as fetch does', async () => {
    const response = await providerFetch(`${local.origin}/limited`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.statusText).toBe('Too Many Requests');
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.text()).toContain('slow down');
    expect((await providerFetch(`${local.origin}/empty`)).body).toBeNull();
  });

  it('decodes a compressed answer', async () => {
    expect(await (await providerFetch(`${local.origin}/gzip`)).json()).toEqual({ packed: 'yes' });
  });

  it('follows redirects: 307 keeps the POST, 303 becomes a GET, and a key never leaves for another server', async () => {
    const post = {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    };
    expect(
      await (await providerFetch(`${local.origin}/redirect/307/here`, { ...post, body: '{"a":1}' })).json(),
    ).toEqual({ ok: true, text: 'héllo 👋' });
    expect(local.seen[1]).toMatchObject({ method: 'POST', url: '/json', body: '{"a":1}' });
    expect(local.seen[1]!.headers.authorization).toBe('Bearer k');

    await (await providerFetch(`${local.origin}/redirect/303/here`, { ...post, body: '{"a":2}' })).text();
    expect(local.seen[3]).toMatchObject({ method: 'GET', url: '/json', body: '' });

    const away = await providerFetch(`${local.origin}/redirect/308/away`, { ...post, body: '{"a":3}' });
    expect(await away.text()).toBe('elsewhere');
    expect(other.seen[0]).toMatchObject({ method: 'POST', url: '/landed', body: '{"a":3}' });
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it("rejects with the signal's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error('deadline passed');
    const pending = providerFetch(`${local.origin}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('fails as fetch does when the connection fails, with the socket error as the cause', async () => {
    const closed = await startServer(() => {});
    const { port } = closed.server.address() as AddressInfo;
    await new Promise((resolve) => closed.server.close(resolve));
    const refused = await providerFetch(`http://127.0.0.1:${port}/json`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).message).toBe('fetch failed');
    expect(((refused as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');

    const dropped = await providerFetch(`${local.origin}/drop`).catch((error: unknown) => error);
    expect(((dropped as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNRESET');
  });

  it('leaves a body it does not take (a form) to the platform fetch', async () => {
    const form = new FormData();
    form.set('file', 'contents');
    await (await providerFetch(`${local.origin}/json`, { method: 'POST', body: form })).text();
    expect(local.seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(local.seen[0]!.body).toContain('contents');
  });
});
