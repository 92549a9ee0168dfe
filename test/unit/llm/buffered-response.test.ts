import { describe, expect, test } from 'vitest';
import { BufferedResponse } from '../../../src/main/llm/buffered-response';

const INIT = {
  status: 200,
  statusText: 'OK',
  headers: [['content-type', 'application/json']] as [string, string][],
};
const JSON_TEXT = '{"answer":"héllo ✓","n":[1,2]}';

/** The body as a slice of a larger buffer, as Node hands out small bodies. */
function sliced(text: string): Buffer {
  const pool = Buffer.from(`xxxx${text}yyyy`);
  return pool.subarray(4, 4 + Buffer.byteLength(text));
}

/** The same body read with each method from a fresh answer, from the buffered one and from fetch's own. */
async function everyRead(make: () => Response) {
  return {
    text: await make().text(),
    json: await make().json(),
    arrayBuffer: new Uint8Array(await make().arrayBuffer()),
    bytes: await make().bytes(),
    blob: { type: (await make().blob()).type, text: await (await make().blob()).text() },
    stream: await new Response(make().body).text(),
  };
}

describe('an answer whose body arrived whole', () => {
  test('reads as fetch’s own answer reads, by every method', async () => {
    const bytes = sliced(JSON_TEXT);
    const buffered = await everyRead(() => new BufferedResponse(bytes, INIT));
    const platform = await everyRead(() => new Response(new Uint8Array(bytes), INIT));
    expect(buffered).toEqual(platform);
    expect(buffered.json).toEqual({ answer: 'héllo ✓', n: [1, 2] });
    expect(buffered.arrayBuffer).toEqual(new Uint8Array(Buffer.from(JSON_TEXT)));
  });

  test('keeps the status and headers', () => {
    const response = new BufferedResponse(sliced('{}'), {
      ...INIT,
      status: 429,
      statusText: 'Too Many Requests',
    });
    expect(response).toMatchObject({ status: 429, statusText: 'Too Many Requests', ok: false });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  test('is read once, as fetch allows, and a clone is read apart', async () => {
    const response = new BufferedResponse(sliced(JSON_TEXT), INIT);
    const copy = response.clone();
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe(JSON_TEXT);
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect(await copy.json()).toEqual({ answer: 'héllo ✓', n: [1, 2] });
  });

  test('once its stream was read, it is used, as fetch’s answer is', async () => {
    const response = new BufferedResponse(sliced(JSON_TEXT), INIT);
    expect(await new Response(response.body).text()).toBe(JSON_TEXT);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  test('reads its bytes without building a stream, even for a clone', async () => {
    const response = new BufferedResponse(sliced(JSON_TEXT), INIT);
    const Platform = globalThis.Response;
    let built = 0;
    globalThis.Response = class extends Platform {
      constructor(...args: ConstructorParameters<typeof Response>) {
        super(...args);
        built += 1;
      }
    };
    try {
      const copy = response.clone();
      expect(await response.json()).toEqual({ answer: 'héllo ✓', n: [1, 2] });
      expect(await copy.text()).toBe(JSON_TEXT);
    } finally {
      globalThis.Response = Platform;
    }
    expect(built).toBe(0);
  });

  test('read once, it stays read when its stream is asked for after', async () => {
    const response = new BufferedResponse(sliced(JSON_TEXT), INIT);
    await response.text();
    expect(response.body?.locked).toBe(true);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
  });

  test('an answer without a body reads as empty and has no stream', async () => {
    const response = new BufferedResponse(null, { status: 204 });
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });
});
