import type { IncomingHttpHeaders } from 'node:http';
import { Worker } from 'node:worker_threads';

/** One HTTP exchange as the thread sends it: no redirects followed, the body left as it came. */
export interface HttpExchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  signal: AbortSignal | undefined;
  connectTimeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** What the thread answers: the answer, or the socket's error (its message and code). */
type ThreadMessage =
  | { id: number; status: number; headers: HttpAnswer['headers']; bytes: Uint8Array }
  | { id: number; error: { message: string; code?: string } };

/**
 * The thread's whole program, as source text (like the WAL checkpointer's, it needs no bundling):
 * node:http and node:https with connections kept alive, idle ones closed after 4 s (as fetch's
 * are, before most servers drop them), a connect timeout, and aborts by id. Answers' bytes are
 * moved to the runtime's thread, not copied.
 */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const KEEP_IDLE_MS = 4000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: KEEP_IDLE_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: KEEP_IDLE_MS }),
};
const open = new Map();
const failWith = (id, error) => {
  if (!open.delete(id)) return;
  parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
};
parentPort.on('message', (message) => {
  if (message.abort !== undefined) {
    open.get(message.abort)?.destroy(Object.assign(new Error('aborted'), { code: 'ABORT_ERR' }));
    return;
  }
  const { id, url, method, headers, body, connectTimeoutMs } = message;
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const request = client.request(target, { method, headers, agent: agents[target.protocol] }, (response) => {
    const chunks = [];
    let length = 0;
    response.on('data', (chunk) => { chunks.push(chunk); length += chunk.length; });
    response.on('error', (error) => failWith(id, error));
    response.on('end', () => {
      if (!open.delete(id)) return;
      const bytes = new Uint8Array(length);
      let offset = 0;
      for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.length; }
      parentPort.postMessage({ id, status: response.statusCode ?? 0, headers: response.headers, bytes }, [bytes.buffer]);
    });
  });
  open.set(id, request);
  request.on('socket', (socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => request.destroy(Object.assign(
      new Error('could not connect to ' + target.host + ' within ' + connectTimeoutMs + ' ms'),
      { code: 'ETIMEDOUT' },
    )), connectTimeoutMs);
    const stop = () => clearTimeout(timer);
    socket.once('connect', stop);
    request.once('close', stop);
  });
  request.on('error', (error) => failWith(id, error));
  request.end(body ?? undefined);
});
`;

let thread: { worker: Worker; pending: Map<number, (message: ThreadMessage) => void> } | null = null;
let nextId = 0;

/**
 * The thread, started on the first call and again after it failed. As a socket would, it keeps
 * the process alive while a call is in flight, and never when idle.
 */
function httpThread(): NonNullable<typeof thread> {
  if (thread) return thread;
  // V8's default heap limits: a call describing a video carries tens of megabytes.
  const worker = new Worker(THREAD_SOURCE, { eval: true });
  const pending = new Map<number, (message: ThreadMessage) => void>();
  const current = { worker, pending };
  worker.on('message', (message: ThreadMessage) => {
    const settle = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    settle?.(message);
  });
  const lost = (error: Error) => {
    if (thread === current) thread = null;
    for (const [id, settle] of pending) settle({ id, error: { message: error.message, code: 'ECONNRESET' } });
    pending.clear();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`the HTTP thread stopped (exit code ${code})`)));
  // After the listeners, which would hold it again; each call holds it while in flight.
  worker.unref();
  thread = current;
  return current;
}

/**
 * Sends one HTTP exchange on a thread of its own: the request's encoding, TLS, the socket's
 * reads and writes and the answer's assembly stay off the runtime's thread, which a busy host
 * needs for its conversations. Rejects with an Error carrying the socket's code, as node:http
 * does.
 */
export function sendOnHttpThread({
  url,
  method,
  headers,
  body,
  signal,
  connectTimeoutMs,
}: HttpExchange): Promise<HttpAnswer> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const { worker, pending } = httpThread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const abort = () => worker.postMessage({ abort: id });
    signal?.addEventListener('abort', abort, { once: true });
    if (pending.size === 0) worker.ref();
    pending.set(id, (message) => {
      signal?.removeEventListener('abort', abort);
      if ('error' in message) {
        reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
        return;
      }
      const { status, headers: answerHeaders, bytes } = message;
      resolve({
        status,
        headers: answerHeaders,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
      });
    });
    // A view is cloned with its whole buffer: a slice of a larger one goes as a copy of its own.
    const sent =
      body instanceof Uint8Array && body.byteLength !== body.buffer.byteLength ? body.slice() : body;
    worker.postMessage({ id, url: url.href, method, headers, body: sent, connectTimeoutMs });
  });
}
