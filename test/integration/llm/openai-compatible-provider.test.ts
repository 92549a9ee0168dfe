import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleProviderId,
} from '../../../src/main/llm/openai-compatible-provider';
import { LlmError, type LlmProvider, type StructuredQuery } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';

const API_KEY = 'sk-test-key-456';

const TASK_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: { kind: { type: 'string' }, text: { type: 'string' }, reply_to: { type: 'integer' } },
    required: ['kind', 'text'],
  },
};

function structuredQuery(overrides: Partial<StructuredQuery> = {}): StructuredQuery {
  return {
    model: 'some-model',
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

const PROVIDERS: OpenAiCompatibleProviderId[] = ['openai', 'xai', 'openrouter', 'ollama'];

describe.each(PROVIDERS)('OpenAI-compatible provider "%s" against the fake server, through openai', (id) => {
  let fake: FakeLlmServer;
  let provider: LlmProvider;

  beforeEach(async () => {
    fake = await startFakeLlmServer();
    provider = createOpenAiCompatibleProvider({
      id,
      apiKey: API_KEY,
      baseUrl: fake.openAiBaseUrl,
      logger: createLogger({ level: 'silent' }),
      defaultTimeoutMs: 5_000,
    });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends system/user/assistant messages, the wrapped strict schema and the key', async () => {
    fake.replyWith({ tasks: [{ kind: 'send', text: 'fine, you?', reply_to: null }] });
    await provider.queryStructured(structuredQuery());

    const [request] = fake.requests;
    expect(request).toMatchObject({ wire: 'openai', model: 'some-model', apiKey: API_KEY });
    expect(request!.body.messages).toEqual([
      { role: 'system', content: 'You are Cindy.' },
      { role: 'user', content: '⟦metadata⟧ sender="Ann"\nhi there' },
      { role: 'assistant', content: 'hello!' },
      { role: 'user', content: 'how are you?' },
    ]);
    expect(request!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'task_list',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            tasks: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  kind: { type: 'string' },
                  text: { type: 'string' },
                  reply_to: { type: ['integer', 'null'] },
                },
                required: ['kind', 'text', 'reply_to'],
                additionalProperties: false,
              },
            },
          },
          required: ['tasks'],
          additionalProperties: false,
        },
      },
    });
    expect(JSON.stringify(request!.headers)).not.toContain(API_KEY);
  });

  it('unwraps the task array, drops the nulls strict mode forced, and reports usage and latency', async () => {
    fake.replyWith(
      { tasks: [{ kind: 'send', text: 'fine, you?', reply_to: null }] },
      {
        model: 'some-model-2026',
        usage: { inputTokens: 800, outputTokens: 25, cachedTokens: 512, thinkingTokens: 64 },
      },
    );
    const reply = await provider.queryStructured(structuredQuery());
    expect(JSON.parse(reply.text)).toEqual([{ kind: 'send', text: 'fine, you?' }]);
    expect(reply.model).toBe('some-model-2026');
    expect(reply.usage).toEqual({
      inputTokens: 800,
      outputTokens: 25,
      cachedTokens: 512,
      thinkingTokens: 64,
    });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('asks for plain text without a response format on a text query', async () => {
    fake.replyWith('A short summary.');
    const { responseSchema: _, ...textQuery } = structuredQuery();
    const reply = await provider.queryText(textQuery);
    expect(reply.text).toBe('A short summary.');
    expect(fake.requests[0]!.body.response_format).toBeUndefined();
  });

  it('adds a user turn when the history is empty', async () => {
    await provider.queryStructured(structuredQuery({ turns: [] }));
    const messages = fake.requests[0]!.body.messages as { role: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
  });

  it.each([
    [429, 'rate_limit'],
    [500, 'server'],
    [502, 'server'],
  ] as const)('makes HTTP %i a retryable %s error', async (status, kind) => {
    fake.failWith({ status });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind, retryable: true, status });
  });

  it('makes HTTP 401 a permanent auth error that never shows the key', async () => {
    fake.failWith({ status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } });
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(error.message).not.toContain(API_KEY);
  });

  it('fails a hung request with a retryable timeout at the configured deadline', async () => {
    fake.hang();
    const error = await failureOf(provider.queryStructured(structuredQuery({ timeoutMs: 200 })));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it.each([
    ['a body that is not JSON', 'this is not JSON'],
    ['an empty body', ''],
  ])('makes %s a retryable malformed error', async (_, body) => {
    fake.malformed(body);
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'malformed', retryable: true });
  });

  it('makes a refusal a retryable blocked error', async () => {
    fake.blocked('I cannot help with that.');
    const error = await failureOf(provider.queryStructured(structuredQuery()));
    expect(error).toMatchObject({ kind: 'blocked', retryable: true });
  });

  it('rejects a reply that echoes the transcript marker as retryable malformed', async () => {
    fake.replyWith('⟦metadata⟧ sender="Cindy" hello');
    const error = await failureOf(provider.queryText(structuredQuery()));
    expect(error).toMatchObject({ kind: 'malformed', retryable: true });
  });
});
