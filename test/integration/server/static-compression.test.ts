import { writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HASHED_ASSET, INDEX_HTML, startTestServer, type TestServer } from './harness';

const SCRIPT = 'console.log("console");';

let running: TestServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** A console whose build wrote brotli and gzip copies of the page and the script, not the icon. */
async function startWithPrecompressedCopies(): Promise<TestServer> {
  const server = await startTestServer();
  for (const [file, content] of [
    [HASHED_ASSET, SCRIPT],
    ['/index.html', INDEX_HTML],
  ] as const) {
    const path = join(server.staticDir, file);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  }
  return server;
}

/** The response as sent: headers and undecoded bytes (fetch would decode them). */
function get(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('serving the console compressed', () => {
  it('sends the brotli copy to a browser that accepts it', { timeout: 10_000 }, async () => {
    running = await startWithPrecompressedCopies();
    const response = await get(running.server.url, HASHED_ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', { timeout: 10_000 }, async () => {
    running = await startWithPrecompressedCopies();
    for (const accepted of ['gzip', 'gzip, br;q=0']) {
      const response = await get(running.server.url, HASHED_ASSET, { 'accept-encoding': accepted });
      expect(response.headers['content-encoding'], accepted).toBe('gzip');
      expect(response.headers.vary, accepted).toBe('Accept-Encoding');
      expect(gunzipSync(response.body).toString(), accepted).toBe(SCRIPT);
    }
  });

  it('sends the file itself when neither is accepted or no copy was built', { timeout: 10_000 }, async () => {
    running = await startWithPrecompressedCopies();
    const choices: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of choices) {
      const response = await get(running.server.url, HASHED_ASSET, headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.body.toString()).toBe(SCRIPT);
    }
    const icon = await get(running.server.url, '/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('caches hashed assets for good and revalidates the page, compressed or not', {
    timeout: 10_000,
  }, async () => {
    running = await startWithPrecompressedCopies();
    const brotli = { 'accept-encoding': 'br' };
    const script = await get(running.server.url, HASHED_ASSET, brotli);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const path of ['/', '/index.html', '/playground/Juniper']) {
      const page = await get(running.server.url, path, brotli);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(page.body).toString(), path).toBe(INDEX_HTML);
    }
  });

  it('answers HEAD with the compressed copy’s headers and no body', { timeout: 10_000 }, async () => {
    running = await startWithPrecompressedCopies();
    const response = await get(running.server.url, HASHED_ASSET, { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(brotliCompressSync(SCRIPT).length));
    expect(response.body.length).toBe(0);
  });
});
