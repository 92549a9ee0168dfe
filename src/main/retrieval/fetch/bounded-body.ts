import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** The body was longer than allowed (after decompression); reading stopped there. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';

  constructor(readonly limitBytes: number) {
    super(`The response is larger than ${limitBytes} bytes.`);
  }
}

/** The server compressed the body in a way Troupe does not decode. */
export class UnsupportedEncodingError extends Error {
  override readonly name = 'UnsupportedEncodingError';
}

/** Drops a body not worth reading (a redirect's, one too large): closing it must not throw later. */
export function discardBody(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function decoderFor(contentEncoding: string): Transform | null {
  switch (contentEncoding.trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new UnsupportedEncodingError(
        `The response is encoded as "${contentEncoding}", which Troupe does not read.`,
      );
  }
}

/**
 * Reads a response body up to `limitBytes`, decompressing gzip, deflate or brotli as it streams.
 * The limit counts decompressed bytes, so a small compressed bomb stops as soon as its output
 * passes the limit; both streams are destroyed then, which closes the connection.
 */
export async function readBoundedBody(
  body: Readable,
  contentEncoding: string,
  limitBytes: number,
): Promise<Buffer> {
  const decoder = decoderFor(contentEncoding);
  // pipeline, unlike pipe, carries an error of the body (a timeout, a reset) into the decoder.
  const source: AsyncIterable<Buffer> = decoder ? pipeline(body, decoder, () => {}) : body;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > limitBytes) throw new BodyTooLargeError(limitBytes);
      chunks.push(chunk);
    }
  } finally {
    if (total > limitBytes || !body.readableEnded) {
      discardBody(body);
      decoder?.destroy();
    }
  }
  return Buffer.concat(chunks);
}
