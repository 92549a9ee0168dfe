import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaFileRef } from '../../../src/shared/api/media-contract';
import { signInWithLink, startTestServer, type TestServer } from './harness';

const BYTES = new Uint8Array(Array.from({ length: 100 }, (_, index) => index));

describe('the console media route', () => {
  let test: TestServer;
  let asked: MediaFileRef[];

  beforeEach(async () => {
    asked = [];
    test = await startTestServer({
      mediaFile: async (ref) => {
        asked.push(ref);
        return ref.uniqueId === '5100' ? { bytes: BYTES, mimeType: 'video/mp4' } : null;
      },
    });
  });

  afterEach(() => test.stop());

  const url = (path: string) => new URL(path, test.server.url).toString();

  it('serves a file to a signed-in browser only, typed by its bytes and cacheable', async () => {
    const path = '/media/message/simulator/Ada/9000000001/3/5100';
    expect((await fetch(url(path))).status).toBe(401);
    expect(asked).toEqual([]);

    const cookie = await signInWithLink(test.server);
    const response = await fetch(url(path), { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    expect(asked).toEqual([
      {
        kind: 'message',
        network: 'simulator',
        agent: 'Ada',
        channelId: 9000000001,
        messageId: 3,
        uniqueId: '5100',
      },
    ]);

    // The browser revalidates by the file's id without the bytes being read again.
    const again = await fetch(url(path), {
      headers: { cookie, 'if-none-match': response.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(asked).toHaveLength(1);
  });

  it('answers byte ranges so audio and video can seek', async () => {
    const cookie = await signInWithLink(test.server);
    const part = await fetch(url('/media/stored/5100'), { headers: { cookie, range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(BYTES.subarray(10, 20));
    const tail = await fetch(url('/media/stored/5100'), { headers: { cookie, range: 'bytes=-5' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(BYTES.subarray(95));
    const outside = await fetch(url('/media/stored/5100'), { headers: { cookie, range: 'bytes=200-' } });
    expect(outside.status).toBe(416);
  });

  it('answers 404 for a file nobody has and for paths that name no file', async () => {
    const cookie = await signInWithLink(test.server);
    for (const path of [
      '/media/stored/9999',
      '/media/stored/..%2f..%2fetc%2fpasswd',
      '/media/message/simulator/Ada/x/3/5100',
      '/media/sticker/nowhere/Ada/5100',
    ]) {
      expect((await fetch(url(path), { headers: { cookie } })).status, path).toBe(404);
    }
    expect(asked.map((ref) => ref.uniqueId)).toEqual(['9999']);
  });
});
