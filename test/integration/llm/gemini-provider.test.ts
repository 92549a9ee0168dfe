import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGeminiProvider } from '../../../src/main/llm/gemini-provider';
import type { LlmProvider, StructuredQuery } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { contractQuery, describeProviderContract, failureOf } from '../../support/llm-provider-contract';

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
  return contractQuery('gemini-3-flash-preview', { responseSchema: TASK_SCHEMA, ...overrides });
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

  it('hands back a reply that is not valid JSON unchanged: the reply parser judges it', async () => {
    fake.replyWith('[{"kind": "send", "text": ');
    const reply = await provider.queryStructured(structuredQuery());
    expect(reply.text).toBe('[{"kind": "send", "text": ');
  });
});

describeProviderContract('Gemini through @google/genai', {
  create: (baseUrl, apiKey) =>
    createGeminiProvider({
      apiKey,
      baseUrl,
      logger: createLogger({ level: 'silent' }),
      defaultTimeoutMs: 5_000,
    }),
  baseUrlOf: (fake) => fake.geminiBaseUrl,
  model: 'gemini-3-flash-preview',
});
