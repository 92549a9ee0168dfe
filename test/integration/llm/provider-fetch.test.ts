import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProviderFetch, providerFetch } from '../../../src/main/llm/provider-fetch';

const execFileAsync = promisify(execFile);
const REPO_ROOT = join(import.meta.dirname, '../../..');
const JITI_CLI = join(REPO_ROOT, 'node_modules/jiti/lib/jiti-cli.mjs');

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: number;
}

/** A local HTTP server answering with `answer`; it records every request it saw. */
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

const PACKERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

function answerLocal({ url }: Seen, response: ServerResponse, otherOrigin: string): void {
  const [, first, second, third] = url.split('/');
  if (first === 'json') {
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-request-id', 'r-1');
    response.end(JSON.stringify({ ok: true, text: 'héllo 👋' }));
  } else if (first === 'slow') {
    setTimeout(() => response.end('late'), 5_000).unref();
  } else if (first === 'half') {
    response.write('{"partial":');
  } else if (first === 'packed') {
    response.setHeader('content-encoding', second!);
    response.end(PACKERS[second!]!(Buffer.from(JSON.stringify({ packed: second }))));
  } else if (first === 'empty') {
    // A coding header on a response with no body: nothing to decode.
    response.statusCode = 204;
    response.setHeader('content-encoding', 'gzip');
    response.end();
  } else if (first === 'limited') {
    response.statusCode = 429;
    response.setHeader('retry-after', '7');
    response.end('{"error":{"message":"slow down"}}');
  } else if (first === 'redirect') {
    response.statusCode = Number(second);
    response.setHeader('content-encoding', 'gzip');
    response.setHeader('location', third === 'away' ? `${otherOrigin}/landed` : '/json');
    response.end();
  } else if (first === 'loop') {
    response.statusCode = 302;
    response.setHeader('location', '/loop');
    response.end();
  } else if (first === 'drop') {
    response.socket?.destroy();
  } else {
    response.statusCode = 404;
    response.end('no such path');
  }
}

/**
 * A listening port nobody accepts on (its thread is blocked), its small queue filled: a new
 * connection to it stays in "connecting", as to a host that drops packets.
 */
async function unansweredPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const server = require('node:net').createServer();
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
     });`,
    { eval: true },
  );
  const [port] = (await once(worker, 'message')) as [number];
  const fillers: Socket[] = [];
  for (let index = 0; index < 4; index += 1) fillers.push(connect(port, '127.0.0.1').on('error', () => {}));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    port,
    close: async () => {
      for (const filler of fillers) filler.destroy();
      await worker.terminate();
    },
  };
}

describe('provider fetch', () => {
  let local: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;

  beforeEach(async () => {
    other = await startServer((_seen, response) => response.end('elsewhere'));
    local = await startServer((seen, response) => answerLocal(seen, response, other.origin));
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
      headers: {
        'content-type': 'application/json',
        'x-goog-api-key': 'k-1',
        accept: '*/*',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'Troupe',
      },
    });
  });

  it('answers each of many calls at once with its own answer, bytes bodies included', async () => {
    const echo = await startServer((seen, response) => response.end(`${seen.url} ${seen.body}`));
    try {
      // A body that is a view into a larger buffer sends only its own bytes.
      const whole = new TextEncoder().encode('xxpartyy');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          providerFetch(`${echo.origin}/${index}`, {
            method: 'POST',
            body: index === 0 ? whole.subarray(2, 6) : `call ${index}`,
          }).then((response) => response.text()),
        ),
      );
      expect(answers).toEqual(
        Array.from({ length: 20 }, (_, index) => `/${index} ${index === 0 ? 'part' : `call ${index}`}`),
      );
    } finally {
      echo.server.closeAllConnections();
      await new Promise((resolve) => echo.server.close(resolve));
    }
  });

  it('holds a process while a call is in flight, and lets it end on its own after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'troupe-provider-fetch-'));
    const script = join(dir, 'call.ts');
    writeFileSync(
      script,
      `import { providerFetch } from ${JSON.stringify(join(REPO_ROOT, 'src/main/llm/provider-fetch.ts'))};\n` +
        `const response = await providerFetch(${JSON.stringify(`${local.origin}/json`)});\n` +
        'console.log(response.status, (await response.json()).ok);\n',
    );
    try {
      // Well within the test's own timeout, so a process that never ends fails here, plainly.
      const { stdout } = await execFileAsync(process.execPath, [JITI_CLI, script], { timeout: 20_000 });
      expect(stdout.trim()).toBe('200 true');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the connection for the next call', async () => {
    for (let call = 0; call < 3; call += 1) await (await providerFetch(`${local.origin}/json`)).text();
    expect(local.seen.map(({ socket }) => socket)).toEqual([0, 0, 0]);
  });

  it('hands error statuses to the caller as fetch does, and a bodiless answer as no body', async () => {
    const response = await providerFetch(`${local.origin}/limited`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.statusText).toBe('Too Many Requests');
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.text()).toContain('slow down');
    const empty = await providerFetch(`${local.origin}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('decodes gzip, deflate and brotli answers', async () => {
    for (const coding of ['gzip', 'deflate', 'br']) {
      expect(await (await providerFetch(`${local.origin}/packed/${coding}`)).json()).toEqual({
        packed: coding,
      });
    }
  });

  it('follows redirects: 307 keeps the POST, 303 and 302 become a GET, and keys never leave for another server', async () => {
    const post = {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'x-goog-api-key': 'g', 'content-type': 'application/json' },
    };
    await (await providerFetch(`${local.origin}/redirect/307/here`, { ...post, body: '{"a":1}' })).text();
    expect(local.seen[1]).toMatchObject({ method: 'POST', url: '/json', body: '{"a":1}' });
    expect(local.seen[1]!.headers).toMatchObject({ authorization: 'Bearer k', 'x-goog-api-key': 'g' });

    for (const status of [303, 302]) {
      await (
        await providerFetch(`${local.origin}/redirect/${status}/here`, { ...post, body: '{"a":2}' })
      ).text();
      const landed = local.seen.at(-1)!;
      expect(landed).toMatchObject({ method: 'GET', url: '/json', body: '' });
      expect(landed.headers['content-type']).toBeUndefined();
    }

    const away = await providerFetch(`${local.origin}/redirect/308/away`, { ...post, body: '{"a":3}' });
    expect(await away.text()).toBe('elsewhere');
    expect(other.seen[0]).toMatchObject({ method: 'POST', url: '/landed', body: '{"a":3}' });
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
    expect(other.seen[0]!.headers['x-goog-api-key']).toBeUndefined();

    const looping = await providerFetch(`${local.origin}/loop`).catch((error: unknown) => error);
    expect((looping as Error).message).toBe('fetch failed: more than 20 redirects');
  });

  it("rejects with the signal's reason when the caller aborts, before or during the answer", async () => {
    const reason = new Error('deadline passed');
    for (const path of ['slow', 'half']) {
      const controller = new AbortController();
      const pending = providerFetch(`${local.origin}/${path}`, { signal: controller.signal });
      setTimeout(() => controller.abort(reason), 50);
      await expect(pending).rejects.toBe(reason);
    }
    await expect(providerFetch(`${local.origin}/json`, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
  });

  it('fails as fetch does when the connection fails, with the socket error as the cause', async () => {
    const closed = await startServer(() => {});
    const { port } = closed.server.address() as AddressInfo;
    await new Promise((resolve) => closed.server.close(resolve));
    const refused = await providerFetch(`http://127.0.0.1:${port}/json`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).message).toMatch(/^fetch failed: .*ECONNREFUSED/);
    expect(((refused as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');

    const dropped = await providerFetch(`${local.origin}/drop`).catch((error: unknown) => error);
    expect(((dropped as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNRESET');
  });

  it('gives up connecting to a host that does not answer, as a network failure', async () => {
    const unanswered = await unansweredPort();
    try {
      const fetchQuickly = createProviderFetch({ connectTimeoutMs: 200 });
      const failed = await fetchQuickly(`http://127.0.0.1:${unanswered.port}/json`).catch(
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(TypeError);
      expect((failed as TypeError).message).toContain('could not connect to');
      expect(((failed as TypeError).cause as NodeJS.ErrnoException).code).toBe('ETIMEDOUT');
    } finally {
      await unanswered.close();
    }
  });

  it('says what is wrong with a call it cannot send', async () => {
    const badHeader = await providerFetch(`${local.origin}/json`, {
      headers: { 'x-api-key': 'key\u00ff\u0100' },
    }).catch((error: unknown) => error);
    expect(badHeader).toBeInstanceOf(TypeError);
    expect(local.seen).toHaveLength(0);
    await expect(providerFetch('ftp://127.0.0.1/json')).rejects.toThrow(
      /fetch failed: unsupported protocol ftp:/,
    );
  });

  it('leaves to the platform fetch what it does not take, which refuses what fetch refuses', async () => {
    const form = new FormData();
    form.set('file', 'contents');
    await (await providerFetch(`${local.origin}/json`, { method: 'POST', body: form })).text();
    expect(local.seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(local.seen[0]!.body).toContain('contents');

    await expect(providerFetch(`${local.origin}/json`, { method: 'GET', body: 'x' })).rejects.toThrow(
      TypeError,
    );
    const withCredentials = local.origin.replace('http://', 'http://user:secret@');
    await expect(providerFetch(`${withCredentials}/json`)).rejects.toThrow(TypeError);
    const manual = await providerFetch(`${local.origin}/redirect/302/here`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
  });
});
