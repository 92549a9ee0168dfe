import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the embeddings wire formats: Gemini's `batchEmbedContents` and the
 * OpenAI-compatible `/v1/embeddings` (OpenAI, OpenRouter, Ollama), so tests run the real embedding
 * client against it. Its "model" gives words of one meaning the same direction: each word counts
 * towards its concept (synonyms share one, `concepts` adds more), other words towards a hash of
 * themselves, so "bouldering" is near "climbing" and far from "pizza".
 */

export interface RecordedEmbeddingRequest {
  wire: 'gemini' | 'openai';
  url: string;
  model: string;
  /** The key the client sent (x-goog-api-key, or the bearer token). */
  apiKey: string | null;
  texts: string[];
}

export interface FakeEmbeddingsServer {
  /** http://127.0.0.1:PORT: Gemini's base URL. */
  readonly origin: string;
  /** …/v1: the OpenAI-compatible base URL. */
  readonly openAiBaseUrl: string;
  readonly requests: readonly RecordedEmbeddingRequest[];
  /** The next request gets this HTTP failure. */
  failWith(status: number): void;
  /** Requests get no answer until `release` (or `close`). */
  hang(): void;
  release(): void;
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 64;

/** Words of one meaning, as the fake model sees it. */
const DEFAULT_CONCEPTS: readonly (readonly string[])[] = [
  ['climbing', 'climb', 'bouldering', 'boulder', 'climbed', 'climbs'],
  ['often', 'times', 'week', 'weekly', 'frequently'],
  ['father', 'dad', 'papa'],
  ['operation', 'surgery', 'surgical'],
  ['book', 'novel', 'read', 'reading', 'finished'],
  ['money', 'raise', 'raised', 'million', 'funding', 'round'],
  ['instrument', 'ukelele', 'guitar', 'piano'],
];

function hash(word: string): number {
  let value = 2166136261;
  for (const char of word) value = Math.imul(value ^ char.codePointAt(0)!, 16777619);
  return value >>> 0;
}

/** The fake model: a unit vector of concept and word counts. */
export function fakeEmbedding(text: string, concepts = DEFAULT_CONCEPTS): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const concept = concepts.findIndex((words) => words.includes(word));
    const dimension =
      concept >= 0 ? concept : concepts.length + (hash(word) % (FAKE_EMBEDDING_DIMENSIONS - concepts.length));
    vector[dimension]! += concept >= 0 ? 3 : 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeEmbeddingsServer(): Promise<FakeEmbeddingsServer> {
  const requests: RecordedEmbeddingRequest[] = [];
  const failures: number[] = [];
  let hanging = false;
  const held: (() => void)[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const url = req.url ?? '';
    const gemini = /\/v1beta\/models\/([^:]+):batchEmbedContents$/.exec(url);
    const wire = gemini ? 'gemini' : 'openai';
    if (!gemini && !url.endsWith('/v1/embeddings'))
      return sendJson(res, 404, { error: { message: 'no route' } });
    const texts = gemini
      ? ((body.requests as { content: { parts: { text: string }[] } }[]) ?? []).map((request) =>
          request.content.parts.map((part) => part.text).join(''),
        )
      : (body.input as string[]);
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    requests.push({
      wire,
      url,
      model: gemini ? gemini[1]! : String(body.model),
      apiKey: gemini ? String(req.headers['x-goog-api-key'] ?? '') || null : (bearer?.[1] ?? null),
      texts,
    });
    if (hanging) await new Promise<void>((resolve) => held.push(resolve));
    const status = failures.shift();
    if (status !== undefined)
      return sendJson(res, status, { error: { code: status, message: `fake failure ${status}` } });
    const vectors = texts.map((text) => fakeEmbedding(text));
    sendJson(
      res,
      200,
      gemini
        ? { embeddings: vectors.map((values) => ({ values })) }
        : {
            object: 'list',
            data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          },
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const release = () => {
    hanging = false;
    for (const resolve of held.splice(0)) resolve();
  };
  return {
    origin,
    openAiBaseUrl: `${origin}/v1`,
    requests,
    failWith: (status) => failures.push(status),
    hang: () => {
      hanging = true;
    },
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
