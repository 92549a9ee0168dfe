import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiProvider } from '../../../src/main/llm/gemini-provider';
import { LlmError, type LlmProvider, type StructuredQuery } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

const API_KEY = 'gemini-test-key-123';

const TASK_SCHEMA = {
  type: 'array',
  items: {
    anyOf: [
      {
        type: 'object',
        properties: { kind: { const: 'send' }, text: { type: 'string' } },
        required: ['kind', 'text'],
      },
    ],
  },
};

function structuredQuery(overrides: Partial<StructuredQuery> = {}): StructuredQuery {
  return {
    model: 'gemini-3-flash-preview',
    systemPrompt: 'You are Cindy.',
    turns: [
      { role: 'user', parts: ['⟦metadata⟧ sender="Ann"', 'hi there'] },
      { role: 'agent', parts: ['hello!'] },
      { role: 'user', parts: ['how are you?'] },
    ],
    responseSchema: TASK_SCHEMA,
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('Gemini provider against the fake server, through @google/genai', () => {
  let fake: FakeLlmServer;
  let provider: LlmProvider;

  beforeEach(async () => {
    fake = await startFakeLlmServer();
    provider = createGeminiProvider({
      apiKey: API_KEY,
      baseUrl: fake.geminiBaseUrl,
      logger: createLogger({ level: 'silent' }),
      defaultTimeoutMs: 5_000,
    });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends the system instruction, user/model turns, the response schema and the key', async () => {
    fake.replyWith({ tasks: [{ kind: 'send', text: 'fine, you?' }] });
    await provider.queryStructured(structuredQuery());

    const [request] = fake.requests;
    expect(request).toMatchObject({ wire: 'gemini', model: 'gemini-3-flash-preview', apiKey: API_KEY });
    expect(request!.url).toMatch(/^\/v1(beta)?\/models\/gemini-3-flash-preview:generateContent/);
    expect(request!.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'You are Cindy.' }] },
      contents: [
        { role: 'user', parts: [{ text: '⟦metadata⟧ sender="Ann"' }, { text: 'hi there' }] },
        { role: 'model', parts: [{ text: 'hello!' }] },
        { role: 'user', parts: [{ text: 'how are you?' }] },
      ],
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: TASK_SCHEMA },
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' },
        { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      ],
    });
    expect(JSON.stringify(request!.headers)).not.toContain(API_KEY);
  });

  it('returns the reply text, the answering model, usage and latency', async () => {
    fake.replyWith(
      { tasks: [{ kind: 'send', text: 'fine, you?' }] },
      {
        model: 'gemini-3-flash-preview-001',
        usage: { inputTokens: 900, outputTokens: 30, cachedTokens: 600, thinkingTokens: 12 },
      },
    );
    const reply = await provider.queryStructured(structuredQuery());
    expect(JSON.parse(reply.text)).toEqual([{ kind: 'send', text: 'fine, you?' }]);
    expect(reply.model).toBe('gemini-3-flash-preview-001');
    expect(reply.usage).toEqual({
      inputTokens: 900,
      outputTokens: 30,
      cachedTokens: 600,
      thinkingTokens: 12,
    });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('asks for plain text without a schema on a text query', async () => {
    fake.replyWith('A short summary.');
    const { responseSchema: _, ...textQuery } = structuredQuery();
    const reply = await provider.queryText(textQuery);
    expect(reply.text).toBe('A short summary.');
    const config = fake.requests[0]!.body.generationConfig as Record<string, unknown> | undefined;
    expect(config?.responseMimeType).toBeUndefined();
    expect(config?.responseJsonSchema).toBeUndefined();
  });

  it('ends the contents on a user turn when the history ends on the agent', async () => {
    await provider.queryStructured(structuredQuery({ turns: [{ role: 'agent', parts: ['anyone here?'] }] }));
    const contents = fake.requests[0]!.body.contents as { role: string }[];
    expect(contents.map((content) => content.role)).toEqual(['model', 'user']);
  });

  it.each([
    [429, 'rate_limit'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('makes HTTP %i a retryable %s error', async (status, kind) => {
    fake.failWith({ status });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind, retryable: true, status });
  });

  it('makes HTTP 401 a permanent auth error that never shows the key', async () => {
    fake.failWith({ status: 401, body: { error: { code: 401, message: `bad key ${API_KEY}` } } });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toContain('[redacted]');
  });

  it("makes Gemini's 400 for an invalid key an auth error", async () => {
    fake.failWith({
      status: 400,
      body: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } },
    });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'auth', retryable: false });
  });

  it('makes other 400s permanent bad requests and 404 not found', async () => {
    fake.failWith({ status: 400 });
    fake.failWith({ status: 404 });
    expect(await failureOf(provider.queryStructured(structuredQuery()))).toMatchObject({
      kind: 'bad_request',
      retryable: false,
    });
    expect(await failureOf(provider.queryStructured(structuredQuery()))).toMatchObject({
      kind: 'not_found',
      retryable: false,
    });
  });

  it('fails a hung request with a retryable timeout at the configured deadline', async () => {
    fake.hang();
    const error = await failureOf(provider.queryStructured(structuredQuery({ timeoutMs: 200 })));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('fails with a retryable timeout when the caller aborts', async () => {
    fake.hang();
    const controller = new AbortController();
    const pending = provider.queryStructured(structuredQuery({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await failureOf(pending)).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it.each([
    ['a body that is not JSON', 'this is not JSON'],
    ['an empty body', ''],
  ])('makes %s a retryable malformed error', async (_, body) => {
    fake.malformed(body);
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'malformed', retryable: true });
  });

  it('makes a blocked prompt a retryable blocked error', async () => {
    fake.blocked('PROHIBITED_CONTENT');
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'blocked', retryable: true });
    expect(error.message).toContain('PROHIBITED_CONTENT');
  });

  it('rejects a reply that echoes the transcript marker as retryable malformed', async () => {
    fake.replyWith('⟦metadata⟧ sender="Cindy" hello');
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'malformed', retryable: true });
  });

  it('hands back a reply that is not valid JSON unchanged: the reply parser judges it', async () => {
    fake.replyWith('[{"kind": "send", "text": ');
    const reply = await provider.queryStructured(structuredQuery());
    expect(reply.text).toBe('[{"kind": "send", "text": ');
  });
});

describe('Gemini provider without a server', () => {
  it('makes a refused connection a retryable network error', async () => {
    const fake = await startFakeLlmServer();
    const baseUrl = fake.geminiBaseUrl;
    await fake.close();
    const provider = createGeminiProvider({
      apiKey: API_KEY,
      baseUrl,
      logger: createLogger({ level: 'silent' }),
      defaultTimeoutMs: 5_000,
    });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
  });
});
