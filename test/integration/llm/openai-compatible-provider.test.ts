import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleProviderId,
} from '../../../src/main/llm/openai-compatible-provider';
import type { LlmProvider, StructuredQuery } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { contractQuery, describeProviderContract } from '../../support/llm-provider-contract';

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
  return contractQuery('some-model', { responseSchema: TASK_SCHEMA, ...overrides });
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

  it('unwraps the task array and drops the nulls strict mode forced', async () => {
    fake.replyWith({ tasks: [{ kind: 'send', text: 'fine, you?', reply_to: null }] });
    const reply = await provider.queryStructured(structuredQuery());
    expect(JSON.parse(reply.text)).toEqual([{ kind: 'send', text: 'fine, you?' }]);
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
});

for (const id of PROVIDERS) {
  describeProviderContract(`OpenAI-compatible "${id}" through openai`, {
    create: (baseUrl, apiKey) =>
      createOpenAiCompatibleProvider({
        id,
        apiKey,
        baseUrl,
        logger: createLogger({ level: 'silent' }),
        defaultTimeoutMs: 5_000,
      }),
    baseUrlOf: (fake) => fake.openAiBaseUrl,
    model: 'some-model',
  });
}
