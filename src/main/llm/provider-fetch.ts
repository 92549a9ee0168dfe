import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, STATUS_CODES } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { BufferedResponse } from './buffered-response';

const CONNECT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 20;
/** Statuses a Response may not have a body with. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
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
/** What fetch drops with the body when a redirect turns a call into a GET. */
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];

/**
 * The fetch the LLM SDKs and the embedding client call (both SDKs take a custom one), over
 * Node's own HTTP client instead of the platform's fetch. The platform's fetch wraps every call
 * in WHATWG streams: about half a millisecond of CPU per call, and enough of that stays alive for
 * the length of a call that, at a hundred calls a second, it fills the old generation within a
 * second, and full garbage collections then pause every conversation. node:http needs no module
 * the runtime does not load already (undici's own package would add ~20 MB to the process).
 *
 * It takes what the providers' JSON calls send (a string or bytes, or no body) and answers with a
 * standard Response holding the whole body (see BufferedResponse): no provider call streams, and a
 * streamed answer would arrive whole at its end. Anything else (a Request object, a form, a stream, an event-stream
 * request, redirect or keepalive options, credentials in the URL, a GET with a body) goes to the
 * platform's fetch, which also refuses what fetch refuses. As fetch does, it keeps connections
 * alive, gives up connecting after 10 s, follows redirects (never taking a key to another server)
 * and decodes compressed answers. Failures look as fetch's do: the signal's reason when the caller
 * aborted, otherwise a TypeError "fetch failed: …" whose cause is the socket's error (its code is
 * what the error classifier reads).
 */
export function createProviderFetch(options: { connectTimeoutMs?: number } = {}): typeof fetch {
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  return async (input, init) => {
    if (input instanceof Request) return fetch(input, init);
    // Parsed once each: this is every model call's path.
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init?.headers));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ?? null;
    if (!takes(url, method, headers, init, body)) return fetch(input, init);
    const signal = init?.signal ?? undefined;
    try {
      return await follow(url, {
        method,
        headers: withFetchDefaults(headers, body),
        body,
        signal,
        connectTimeoutMs,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const detail = error instanceof Error ? error.message : String(error);
      throw new TypeError(`fetch failed: ${detail}`, { cause: error });
    }
  };
}

interface Call {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  signal: AbortSignal | undefined;
  connectTimeoutMs: number;
}

/** Whether this module sends the call itself; otherwise the platform's fetch does. */
function takes(
  url: URL,
  method: string,
  headers: Record<string, string>,
  init: RequestInit | undefined,
  body: unknown,
): body is string | Uint8Array | null {
  if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) return false;
  if ((init?.redirect ?? 'follow') !== 'follow' || init?.keepalive) return false;
  if (body !== null && (method === 'GET' || method === 'HEAD')) return false;
  if (url.searchParams.get('alt') === 'sse' || headers.accept?.includes('text/event-stream')) return false;
  return url.username === '' && url.password === '';
}

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
    if (redirects === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    const { status } = answer;
    const { method } = current.call;
    const becomesGet =
      (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
    const next = new URL(location, current.url);
    const headers = { ...current.call.headers };
    if (becomesGet) for (const name of BODY_HEADERS) delete headers[name];
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

function send(url: URL, { method, headers, body, signal, connectTimeoutMs }: Call): Promise<Answer> {
  const https = url.protocol === 'https:';
  if (!https && url.protocol !== 'http:')
    return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)(
      url,
      { method, headers, signal, agent: https ? httpsAgent : httpAgent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => request.destroy(connectTimedOut(url, connectTimeoutMs)),
        connectTimeoutMs,
      );
      const stop = () => clearTimeout(timer);
      socket.once('connect', stop);
      request.once('close', stop);
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** A socket-style error, so the classifier calls it a network failure, as fetch's connect timeout. */
function connectTimedOut(url: URL, ms: number): Error {
  return Object.assign(new Error(`could not connect to ${url.host} within ${ms} ms`), { code: 'ETIMEDOUT' });
}

async function toResponse({ status, headers, bytes }: Answer, call: Call): Promise<Response> {
  const empty = NULL_BODY_STATUSES.has(status) || call.method === 'HEAD';
  const decodedBytes = empty ? null : await decoded(bytes, headers['content-encoding']);
  return new BufferedResponse(decodedBytes, {
    status,
    statusText: STATUS_CODES[status] ?? '',
    headers: Object.entries(headers).flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
    ),
  });
}

const DECODERS: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** Undoes the content coding, as fetch does, on zlib's threads rather than the engine's. */
function decoded(bytes: Buffer, coding: string | undefined): Promise<Buffer> | Buffer {
  const decode = coding === undefined ? undefined : DECODERS[coding.trim().toLowerCase()];
  return decode && bytes.length > 0 ? decode(bytes) : bytes;
}

/**
 * Connections are kept for the next call; Node unrefs idle ones, so they never hold a stop. An
 * idle one closes after 4 s, as fetch's do, before most servers drop it, so a call rarely meets
 * a connection the server is closing.
 */
const KEEP_IDLE_MS = 4_000;
const httpAgent = new HttpAgent({ keepAlive: true, timeout: KEEP_IDLE_MS });
const httpsAgent = new HttpsAgent({ keepAlive: true, timeout: KEEP_IDLE_MS });

/** The caller's headers (one record, names in lower case) with fetch's defaults for those it leaves out. */
function withFetchDefaults(
  headers: Record<string, string>,
  body: string | Uint8Array | null,
): Record<string, string> {
  headers.accept ??= '*/*';
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  headers['user-agent'] ??= 'Troupe';
  if (typeof body === 'string') headers['content-type'] ??= 'text/plain;charset=UTF-8';
  return headers;
}

export const providerFetch = createProviderFetch();
