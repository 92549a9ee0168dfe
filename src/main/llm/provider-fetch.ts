import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, STATUS_CODES } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The fetch the LLM SDKs and the embedding client call (both SDKs take a custom one), over
 * Node's own HTTP client instead of the platform's fetch. The platform's fetch wraps every call
 * in WHATWG streams: about half a millisecond of CPU per call, and enough of that stays alive for
 * the length of a call that, at a hundred calls a second, it fills the old generation within a
 * second, and full garbage collections then pause every conversation. node:http needs no module
 * the runtime does not load already (undici's own package would add ~20 MB to the process).
 *
 * It takes what the providers' JSON calls send (a string or bytes, or no body) and answers with a
 * standard Response holding the whole body: no provider call streams. Anything else (a Request
 * object, a form, a stream) goes to the platform's fetch. As fetch does, it keeps connections
 * alive, follows redirects and decodes compressed answers. Failures look as fetch's do: the
 * signal's reason when the caller aborted, otherwise a TypeError "fetch failed" whose cause is
 * the socket's error, which the error classifier reads.
 */
export const providerFetch: typeof fetch = async (input, init) => {
  const body = init?.body ?? null;
  if (input instanceof Request || !isPlainBody(body)) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  try {
    return await follow(new URL(String(input)), {
      method: (init?.method ?? 'GET').toUpperCase(),
      headers: requestHeaders(init?.headers, body),
      body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new TypeError('fetch failed', { cause: error });
  }
};

interface Call {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  signal: AbortSignal | undefined;
}

const MAX_REDIRECTS = 20;
/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** The headers the providers carry keys in. */
const CREDENTIAL_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-goog-api-key',
  'x-api-key',
  'api-key',
];

/**
 * Sends the call, and again wherever redirects point; 303 (and 301/302 after a POST) become a
 * GET, as in fetch.
 */
async function follow(url: URL, call: Call): Promise<Response> {
  let current = { url, call };
  for (let redirects = 0; ; redirects += 1) {
    const answer = await send(current.url, current.call);
    const location = answer.headers.location;
    if (!REDIRECT_STATUSES.has(answer.status) || location === undefined)
      return toResponse(answer, current.call);
    if (redirects === MAX_REDIRECTS) throw new Error(`More than ${MAX_REDIRECTS} redirects.`);
    const status = answer.status;
    const becomesGet =
      status === 303 || ((status === 301 || status === 302) && current.call.method === 'POST');
    const next = new URL(location, current.url);
    const headers = { ...current.call.headers };
    if (becomesGet) delete headers['content-type'];
    // An API key never follows a redirect to another server.
    if (next.origin !== current.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
    current = {
      url: next,
      call: becomesGet
        ? { ...current.call, method: 'GET', headers, body: null }
        : { ...current.call, headers },
    };
  }
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  bytes: Buffer;
}

function send(url: URL, { method, headers, body, signal }: Call): Promise<Answer> {
  const https = url.protocol === 'https:';
  if (!https && url.protocol !== 'http:')
    return Promise.reject(new Error(`Unsupported protocol ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)(
      url,
      { method, headers, signal, agent: https ? httpsAgent : httpAgent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const bytes = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** Undoes the content coding, as fetch does; Node's client leaves it to the caller. */
function decoded(bytes: Buffer, coding: string | undefined): Buffer {
  switch (coding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    case 'br':
      return brotliDecompressSync(bytes);
    default:
      return bytes;
  }
}

function toResponse({ status, headers, bytes }: Answer, call: Call): Response {
  const empty = NULL_BODY_STATUSES.has(status) || call.method === 'HEAD';
  // A view, not a copy: these buffers sit on plain ArrayBuffers, never shared ones.
  const body = empty ? null : new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  return new Response(body, {
    status,
    statusText: STATUS_CODES[status] ?? '',
    headers: Object.entries(headers).flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
    ),
  });
}

/**
 * Connections are kept for the next call; Node unrefs idle ones, so they never hold a stop. An
 * idle one closes after 4 s, as fetch's do, before most servers drop it, so a call rarely meets
 * a connection the server is closing.
 */
const KEEP_IDLE_MS = 4_000;
const httpAgent = new HttpAgent({ keepAlive: true, timeout: KEEP_IDLE_MS });
const httpsAgent = new HttpsAgent({ keepAlive: true, timeout: KEEP_IDLE_MS });

function isPlainBody(body: unknown): body is string | Uint8Array | null {
  return body === null || typeof body === 'string' || body instanceof Uint8Array;
}

/** The caller's headers as one record; a text body without a type gets fetch's default type. */
function requestHeaders(
  init: HeadersInit | undefined,
  body: string | Uint8Array | null,
): Record<string, string> {
  const headers = Object.fromEntries(new Headers(init));
  if (typeof body === 'string' && headers['content-type'] === undefined) {
    headers['content-type'] = 'text/plain;charset=UTF-8';
  }
  return headers;
}
