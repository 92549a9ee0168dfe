import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/** The two bytes every gzip stream starts with. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export type GunzipResult =
  | { ok: true; data: Uint8Array }
  | { ok: false; problem: 'corrupt' | 'truncated' | 'too-large'; detail: string };

/**
 * Unpacks gzip, giving up once the output passes `maxBytes`: a few kilobytes of gzip can unpack
 * to gigabytes, and media comes from strangers. zlib's `maxOutputLength` stops inflating at the
 * limit, so a bomb costs `maxBytes` of memory and a few milliseconds, not the whole expansion.
 * Runs on libuv's thread pool, so the event loop is not held while it inflates.
 */
export async function gunzipBounded(bytes: Uint8Array, maxBytes: number): Promise<GunzipResult> {
  try {
    return { ok: true, data: await gunzipAsync(bytes, { maxOutputLength: maxBytes }) };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_BUFFER_TOO_LARGE') {
      return { ok: false, problem: 'too-large', detail: `it unpacks to more than ${maxBytes} bytes` };
    }
    if (code === 'Z_BUF_ERROR') return { ok: false, problem: 'truncated', detail: message };
    return { ok: false, problem: 'corrupt', detail: message };
  }
}
