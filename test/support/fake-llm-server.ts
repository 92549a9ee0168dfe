import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaHash, mediaOf, type RecordedMedia, systemTextOf } from './fake-llm-media';

export { mediaHash, type RecordedMedia } from './fake-llm-media';

/**
 * A local HTTP server speaking the Gemini (generateContent) and OpenAI (chat completions) wire
 * formats, so tests and benchmarks run the real @google/genai and openai SDKs against scripted
 * replies. Point Gemini at `geminiBaseUrl` and OpenAI-compatible clients at `openAiBaseUrl`.
 * Requests that carry media (describe calls) are scripted apart, through `media`.
 */

export type FakeTask = Record<string, unknown>;
/** Text is sent as the reply text; `{ tasks }` as a JSON task array (wrapped for OpenAI structured requests). */
export type FakeReply = string | { tasks: FakeTask[] };

export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  thinkingTokens: number;
}

export interface RecordedLlmRequest {
  wire: 'gemini' | 'openai';
  method: string;
  url: string;
  /** From the path (Gemini) or the body (OpenAI). */
  model: string;
  /** Request headers, lower-case, without the credential headers. */
  headers: Record<string, string>;
  /** The key the client sent (x-goog-api-key, or the bearer token), so tests can check it. */
  apiKey: string | null;
  body: Record<string, unknown>;
  /** The system prompt: Gemini's system instruction, or the OpenAI system messages, joined by lines. */
  systemText: string;
  /** Inline media in order: Gemini `inlineData` parts, or OpenAI `image_url` parts with data: URLs. */
  media: RecordedMedia[];
}

type Scripted =
  | { kind: 'reply'; reply: FakeReply; usage: FakeUsage; model: string | undefined }
  | { kind: 'fail'; status: number; body: unknown }
  | { kind: 'hang' }
  | { kind: 'malformed'; body: string }
  | { kind: 'blocked'; reason: string };

export interface FakeLlmServerOptions {
  /** What requests without media get when nothing is scripted; a `think` task by default. */
  defaultReply?: FakeReply;
  /** What requests with media get when nothing is scripted for them. */
  defaultDescription?: string;
  /** A fixed delay before every answer, as a real model would take (benchmarks). */
  latencyMs?: number;
  /** Token counts every reply reports unless a scripted reply says otherwise. */
  usage?: Partial<FakeUsage>;
  /** False keeps `requests` empty (long benchmarks would otherwise hold every prompt); `requestCount` still counts. */
  recordRequests?: boolean;
  /** Answers a request nothing is scripted for, before the defaults; undefined leaves it to them. */
  respond?: (request: RecordedLlmRequest) => FakeReply | undefined;
  /** Sees every request as it arrives, with `performance.now()` at arrival (benchmarks time the engine with it). */
  onRequest?: (request: RecordedLlmRequest, receivedAtMs: number) => void;
}

/** Scripts what the next request of one queue gets, oldest script first. */
export interface FakeLlmScript {
  /** The next request gets this reply. */
  replyWith(reply: FakeReply, options?: { usage?: Partial<FakeUsage>; model?: string }): void;
  /** The next request gets this HTTP failure; the body defaults to the wire format's error shape. */
  failWith(failure: { status: number; body?: unknown }): void;
  /** The next request never gets an answer (until `close`). */
  hang(): void;
  /** The next request gets this body (not JSON by default) with a JSON content type; '' is an empty body. */
  malformed(body?: string): void;
  /** The next request is refused by a filter: Gemini blocks the prompt, OpenAI sends a refusal. */
  blocked(reason?: string): void;
}

/** The scripting methods script requests without media; `media` scripts those with media. */
export interface FakeLlmServer extends FakeLlmScript {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** The base URL for @google/genai's `httpOptions.baseUrl`. */
  readonly geminiBaseUrl: string;
  /** The base URL for the openai SDK's `baseURL` (ends in /v1). */
  readonly openAiBaseUrl: string;
  /** Every request received, oldest first (unless `recordRequests` is false). */
  readonly requests: readonly RecordedLlmRequest[];
  /** How many model requests arrived. */
  readonly requestCount: number;
  /**
   * Scripts the requests that carry media (describe calls) apart from the others, so a test can
   * script a conversation and the descriptions it causes in either order.
   */
  readonly media: FakeLlmScript;
  /** The recorded requests that carried media, oldest first. */
  readonly mediaRequests: readonly RecordedLlmRequest[];
  /** How many recorded requests carried a file with exactly these bytes. */
  timesShown(bytes: Uint8Array): number;
  setDefaultReply(reply: FakeReply): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_USAGE: FakeUsage = {
  inputTokens: 1200,
  outputTokens: 40,
  cachedTokens: 1000,
  thinkingTokens: 8,
};

const DEFAULT_REPLY: FakeReply = { tasks: [{ kind: 'think', text: 'Nothing to do yet.' }] };
const DEFAULT_DESCRIPTION = 'A fake description of the media.';
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-goog-api-key']);
const GEMINI_ROUTE = /^\/v1(?:beta\d*)?\/models\/([^/:]+):generateContent(?:\?.*)?$/;
const OPENAI_ROUTE = /^\/v1\/chat\/completions(?:\?.*)?$/;

export async function startFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const requests: RecordedLlmRequest[] = [];
  const queue: Scripted[] = [];
  const mediaQueue: Scripted[] = [];
  const defaultDescription = options.defaultDescription ?? DEFAULT_DESCRIPTION;
  const hanging = new Set<ServerResponse>();
  const baseUsage: FakeUsage = { ...DEFAULT_FAKE_USAGE, ...options.usage };
  let defaultReply = options.defaultReply ?? DEFAULT_REPLY;
  let latencyMs = options.latencyMs ?? 0;
  let requestCount = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, { error: { message: `fake LLM server failed: ${String(error)}` } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAtMs = performance.now();
    const url = req.url ?? '';
    const raw = await readBody(req);
    const gemini = GEMINI_ROUTE.exec(url);
    const wire = gemini ? 'gemini' : OPENAI_ROUTE.test(url) ? 'openai' : null;
    if (req.method !== 'POST' || wire === null) {
      sendJson(res, 404, { error: { code: 404, message: `fake LLM server: no route ${req.method} ${url}` } });
      return;
    }
    const body = parseObject(raw);
    const model = gemini ? decodeURIComponent(gemini[1]!) : String(body.model ?? '');
    requestCount += 1;
    const recorded: RecordedLlmRequest = {
      wire,
      method: req.method,
      url,
      model,
      headers: headersWithoutCredentials(req),
      apiKey: credentialOf(req),
      body,
      systemText: systemTextOf(wire, body),
      media: mediaOf(wire, body),
    };
    options.onRequest?.(recorded, receivedAtMs);
    if (options.recordRequests !== false) requests.push(recorded);

    const withMedia = recorded.media.length > 0;
    const step = (withMedia ? mediaQueue : queue).shift() ?? {
      kind: 'reply',
      reply: options.respond?.(recorded) ?? (withMedia ? defaultDescription : defaultReply),
      usage: baseUsage,
      model: undefined,
    };
    if (step.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    switch (step.kind) {
      case 'reply': {
        const answeredModel = step.model ?? model;
        if (wire === 'gemini')
          sendJson(res, 200, geminiAnswer(replyText(step.reply, false), step.usage, answeredModel));
        else
          sendJson(
            res,
            200,
            openAiAnswer(replyText(step.reply, isStructuredOpenAi(body)), step.usage, answeredModel),
          );
        return;
      }
      case 'fail':
        sendJson(res, step.status, step.body ?? errorBody(wire, step.status));
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(step.body);
        return;
      case 'blocked':
        if (wire === 'gemini') {
          sendJson(res, 200, {
            promptFeedback: { blockReason: step.reason },
            usageMetadata: { promptTokenCount: 10 },
          });
        } else {
          sendJson(res, 200, openAiRefusal(step.reason, model));
        }
        return;
      default: {
        const unknown: never = step;
        throw new Error(`unscripted step ${JSON.stringify(unknown)}`);
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    geminiBaseUrl: origin,
    openAiBaseUrl: `${origin}/v1`,
    requests,
    get requestCount() {
      return requestCount;
    },
    ...scriptOnto(queue, baseUsage),
    media: scriptOnto(mediaQueue, baseUsage),
    get mediaRequests() {
      return requests.filter((request) => request.media.length > 0);
    },
    timesShown(bytes) {
      const hash = mediaHash(bytes);
      return requests.filter((request) => request.media.some((item) => item.sha256 === hash)).length;
    },
    setDefaultReply(reply) {
      defaultReply = reply;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close() {
      for (const res of hanging) res.destroy();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

function scriptOnto(queue: Scripted[], baseUsage: FakeUsage): FakeLlmScript {
  return {
    replyWith(reply, replyOptions = {}) {
      queue.push({
        kind: 'reply',
        reply,
        usage: { ...baseUsage, ...replyOptions.usage },
        model: replyOptions.model,
      });
    },
    failWith({ status, body }) {
      queue.push({ kind: 'fail', status, body });
    },
    hang() {
      queue.push({ kind: 'hang' });
    },
    malformed(body = 'this is not JSON') {
      queue.push({ kind: 'malformed', body });
    },
    blocked(reason = 'PROHIBITED_CONTENT') {
      queue.push({ kind: 'blocked', reason });
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseObject(raw: string): Record<string, unknown> {
  if (raw === '') return {};
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function headersWithoutCredentials(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!CREDENTIAL_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function credentialOf(req: IncomingMessage): string | null {
  const googleKey = req.headers['x-goog-api-key'];
  if (typeof googleKey === 'string') return googleKey;
  const authorization = req.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
}

function isStructuredOpenAi(body: Record<string, unknown>): boolean {
  const format = body.response_format;
  return (
    typeof format === 'object' && format !== null && (format as { type?: unknown }).type === 'json_schema'
  );
}

/** The text a reply carries; OpenAI structured requests asked for the array wrapped in an object. */
function replyText(reply: FakeReply, wrapTasks: boolean): string {
  if (typeof reply === 'string') return reply;
  return JSON.stringify(wrapTasks ? { tasks: reply.tasks } : reply.tasks);
}

function geminiAnswer(text: string, usage: FakeUsage, model: string): unknown {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: usage.inputTokens,
      candidatesTokenCount: usage.outputTokens,
      cachedContentTokenCount: usage.cachedTokens,
      thoughtsTokenCount: usage.thinkingTokens,
      totalTokenCount: usage.inputTokens + usage.outputTokens + usage.thinkingTokens,
    },
    modelVersion: model,
  };
}

/** A chat completion whose one choice carries this message (an answer or a refusal). */
function openAiCompletion(
  message: { content: string | null; refusal: string | null },
  usage: Record<string, unknown>,
  model: string,
): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null },
    ],
    usage,
  };
}

function openAiAnswer(text: string, usage: FakeUsage, model: string): unknown {
  const completionTokens = usage.outputTokens + usage.thinkingTokens;
  return openAiCompletion(
    { content: text, refusal: null },
    {
      prompt_tokens: usage.inputTokens,
      completion_tokens: completionTokens,
      total_tokens: usage.inputTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: usage.cachedTokens },
      completion_tokens_details: { reasoning_tokens: usage.thinkingTokens },
    },
    model,
  );
}

function openAiRefusal(reason: string, model: string): unknown {
  return openAiCompletion(
    { content: null, refusal: reason },
    { prompt_tokens: 10, completion_tokens: 0, total_tokens: 10 },
    model,
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function errorBody(wire: 'gemini' | 'openai', status: number): unknown {
  const message = `fake failure with HTTP ${status}`;
  if (wire === 'gemini')
    return { error: { code: status, message, status: STATUS_TEXT[status] ?? 'UNKNOWN' } };
  return { error: { message, type: 'fake_error', code: String(status) } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
