import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  registerAppScheme,
  resolveRendererFile,
  serveRendererOverAppScheme,
} from '../../../src/main/app/app-protocol';
import type { MediaFileRef } from '../../../src/shared/api/media-contract';
import { fake, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

let rendererDir: string;
let outsideFile: string;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'troupe-protocol-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Troupe</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  outsideFile = join(root, 'secret.key');
  writeFileSync(outsideFile, 'top secret');
  // A sibling whose name starts like the renderer directory: a prefix check would let it through.
  mkdirSync(join(root, 'renderer-evil'));
  writeFileSync(join(root, 'renderer-evil', 'x.js'), 'evil');
});

describe('resolveRendererFile', () => {
  it('serves index.html for the root URL', () => {
    expect(resolveRendererFile(rendererDir, 'app://troupe/')).toBe(join(rendererDir, 'index.html'));
  });

  it('serves built assets by path', () => {
    expect(resolveRendererFile(rendererDir, 'app://troupe/assets/index-abc.js')).toBe(
      join(rendererDir, 'assets', 'index-abc.js'),
    );
  });

  it('serves pages of the hash router from index.html', () => {
    expect(resolveRendererFile(rendererDir, 'app://troupe/#/agents/alice')).toBe(
      join(rendererDir, 'index.html'),
    );
  });

  it('does not pretend a missing file or a directory exists', () => {
    expect(resolveRendererFile(rendererDir, 'app://troupe/assets/missing.js')).toBeNull();
    expect(resolveRendererFile(rendererDir, 'app://troupe/agents/alice')).toBeNull();
    expect(resolveRendererFile(rendererDir, 'app://troupe/assets')).toBeNull();
  });

  it.each([
    ['dot segments', 'app://troupe/../secret.key'],
    ['encoded dot segments', 'app://troupe/%2e%2e/secret.key'],
    ['encoded slashes', 'app://troupe/..%2fsecret.key'],
    ['encoded backslashes', 'app://troupe/..%5csecret.key'],
    ['a sibling directory with the same prefix', 'app://troupe/..%2frenderer-evil%2fx.js'],
    ['a NUL byte', 'app://troupe/index.html%00.js'],
    ['broken percent-encoding', 'app://troupe/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s', (_why, url) => {
    expect(resolveRendererFile(rendererDir, url)).toBeNull();
  });
});

describe('serveRendererOverAppScheme', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  let asked: MediaFileRef[];

  beforeEach(() => {
    resetFakeElectron();
    asked = [];
    serveRendererOverAppScheme(rendererDir, "script-src 'self'", () => async (ref) => {
      asked.push(ref);
      return ref.uniqueId === '42' ? { bytes: PNG, mimeType: 'image/png' } : null;
    });
  });

  async function handlerFor(request: Request): Promise<Response> {
    const handler = fake().protocolHandlers.get('app');
    if (handler === undefined) throw new Error('the app scheme has no handler');
    return handler(request);
  }

  const request = (url: string) => handlerFor(new Request(url));

  it('answers the console with its file content, type and the CSP header', async () => {
    const response = await request(APP_ENTRY_URL);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Troupe</title>');
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-security-policy')).toBe("script-src 'self'");
  });

  it('answers 404 without touching the disk for a path outside the renderer', async () => {
    const response = await request('app://troupe/..%2fsecret.key');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('top secret');
    expect(fake().fetched).toEqual([]);
  });

  it('answers the media route from the runtime, by the ids the path names', async () => {
    const response = await request('app://troupe/media/message/telegram/Ada/77/5/42');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect(asked).toEqual([
      { kind: 'message', network: 'telegram', agent: 'Ada', channelId: 77, messageId: 5, uniqueId: '42' },
    ]);
    const part = await handlerFor(
      new Request('app://troupe/media/stored/42', { headers: { range: 'bytes=1-2' } }),
    );
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1-2/4');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.subarray(1, 3));
    expect((await request('app://troupe/media/stored/43')).status).toBe(404);
    // A path that names no file by ids is refused before the runtime is asked.
    expect((await request('app://troupe/media/stored/..%2f..%2fsecret.key')).status).toBe(404);
    expect(asked).toHaveLength(3);
  });
});

describe('registerAppScheme', () => {
  it('registers app:// as a standard, secure scheme with fetch support', () => {
    resetFakeElectron();
    registerAppScheme();
    expect(fake().privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }),
      },
    ]);
  });
});
