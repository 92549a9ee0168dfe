import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LlmError,
  type LlmProvider,
  type MediaQuery,
  type StructuredQuery,
} from '../../src/main/llm/provider';
import { type FakeLlmScript, type FakeLlmServer, startFakeLlmServer } from './fake-llm-server';
import { solidPng } from './png';

/** The schema every contract query constrains the model with. */
export const CONTRACT_TASK_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: { kind: { type: 'string' }, text: { type: 'string' } },
    required: ['kind', 'text'],
  },
};

export function contractQuery(model: string, overrides: Partial<StructuredQuery> = {}): StructuredQuery {
  return {
    model,
    systemPrompt: 'You are Cindy.',
    turns: [
      { role: 'user', parts: ['⟦metadata⟧ sender="Ann"', 'hi there'] },
      { role: 'agent', parts: ['hello!'] },
      { role: 'user', parts: ['how are you?'] },
    ],
    responseSchema: CONTRACT_TASK_SCHEMA,
    ...overrides,
  };
}

/** A real 1×1 PNG of one colour, so tests have small distinct images to show a model. */
export function onePixelPng(red: number, green: number, blue: number): Uint8Array {
  return solidPng([red, green, blue]);
}

export const DESCRIBE_INSTRUCTIONS = 'Describe the media in plain English prose.';

export function imageQuery(model: string, overrides: Partial<MediaQuery> = {}): MediaQuery {
  return {
    model,
    instructions: DESCRIBE_INSTRUCTIONS,
    items: [{ mimeType: 'image/png', data: onePixelPng(200, 40, 40) }],
    ...overrides,
  };
}

/** The LlmError a call fails with (the test fails when it succeeds or throws anything else). */
export async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

export interface ProviderContractSubject {
  /** The provider talking to this base URL of the fake server. */
  create(baseUrl: string, apiKey: string): LlmProvider;
  baseUrlOf(fake: FakeLlmServer): string;
  model: string;
}

const API_KEY = 'contract-test-key-789';

/**
 * What every LlmProvider must do the same way, whatever its wire format: error kinds and
 * retryability the engine relies on, the key kept out of errors, deadlines and aborts, filters,
 * and the reply handed back for the reply parser to judge. Run against each provider through its
 * real SDK and the fake server.
 */
export function describeProviderContract(name: string, subject: ProviderContractSubject): void {
  describe(`${name}: the LlmProvider contract`, () => {
    let fake: FakeLlmServer;
    let provider: LlmProvider;
    const query = (overrides: Partial<StructuredQuery> = {}) => contractQuery(subject.model, overrides);

    beforeEach(async () => {
      fake = await startFakeLlmServer();
      provider = subject.create(subject.baseUrlOf(fake), API_KEY);
    });

    afterEach(async () => {
      await fake.close();
    });

    it('returns the task list, the answering model, usage and latency', async () => {
      fake.replyWith(
        { tasks: [{ kind: 'send', text: 'fine, you?' }] },
        {
          model: `${subject.model}-0325`,
          usage: { inputTokens: 900, outputTokens: 30, cachedTokens: 600, thinkingTokens: 12 },
        },
      );
      const reply = await provider.queryStructured(query());
      expect(JSON.parse(reply.text)).toEqual([{ kind: 'send', text: 'fine, you?' }]);
      expect(reply.model).toBe(`${subject.model}-0325`);
      expect(reply.usage).toEqual({
        inputTokens: 900,
        outputTokens: 30,
        cachedTokens: 600,
        thinkingTokens: 12,
      });
      expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('answers a text query with plain text', async () => {
      fake.replyWith('A short summary.');
      const { responseSchema: _, ...textQuery } = query();
      expect((await provider.queryText(textQuery)).text).toBe('A short summary.');
    });

    it.each([
      [429, 'rate_limit'],
      [500, 'server'],
      [503, 'server'],
    ] as const)('makes HTTP %i a retryable %s error', async (status, kind) => {
      fake.failWith({ status });
      expect(await failureOf(provider.queryStructured(query()))).toMatchObject({
        kind,
        retryable: true,
        status,
      });
    });

    it('makes HTTP 401 a permanent auth error that never shows the key', async () => {
      fake.failWith({ status: 401, body: { error: { code: 401, message: `bad key ${API_KEY}` } } });
      const error = await failureOf(provider.queryStructured(query()));
      expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
      expect(error.message).not.toContain(API_KEY);
    });

    it('fails a hung request with a retryable timeout at the configured deadline', async () => {
      fake.hang();
      const error = await failureOf(provider.queryStructured(query({ timeoutMs: 200 })));
      expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    });

    it('fails with a retryable timeout when the caller aborts', async () => {
      fake.hang();
      const controller = new AbortController();
      const pending = provider.queryStructured(query({ signal: controller.signal }));
      setTimeout(() => controller.abort(), 50);
      expect(await failureOf(pending)).toMatchObject({ kind: 'timeout', retryable: true });
    });

    it.each([
      ['a body that is not JSON', 'this is not JSON'],
      ['an empty body', ''],
    ])('makes %s a retryable malformed error', async (_, body) => {
      fake.malformed(body);
      expect(await failureOf(provider.queryStructured(query()))).toMatchObject({
        kind: 'malformed',
        retryable: true,
      });
    });

    it("makes the provider's content filter a retryable blocked error", async () => {
      fake.blocked('PROHIBITED_CONTENT');
      expect(await failureOf(provider.queryStructured(query()))).toMatchObject({
        kind: 'blocked',
        retryable: true,
      });
    });

    it('rejects a reply that echoes the transcript marker as retryable malformed', async () => {
      fake.replyWith('⟦metadata⟧ sender="Cindy" hello');
      const { responseSchema: _, ...textQuery } = query();
      expect(await failureOf(provider.queryText(textQuery))).toMatchObject({
        kind: 'malformed',
        retryable: true,
      });
    });

    it('makes a refused connection a retryable network error', async () => {
      const closed = await startFakeLlmServer();
      const baseUrl = subject.baseUrlOf(closed);
      await closed.close();
      const offline = subject.create(baseUrl, API_KEY);
      expect(await failureOf(offline.queryStructured(query()))).toMatchObject({
        kind: 'network',
        retryable: true,
      });
    });

    it('describes an image with the reply text, usage and latency', async () => {
      fake.media.replyWith('A red square.', {
        usage: { inputTokens: 300, outputTokens: 5, cachedTokens: 0, thinkingTokens: 0 },
      });
      const reply = await provider.describeMedia(imageQuery(subject.model));
      expect(reply).toMatchObject({
        text: 'A red square.',
        usage: { inputTokens: 300, outputTokens: 5, cachedTokens: 0, thinkingTokens: 0 },
      });
      expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it.each([
      ['HTTP 503', 'server', true, (script: FakeLlmScript) => script.failWith({ status: 503 })],
      ['HTTP 429', 'rate_limit', true, (script: FakeLlmScript) => script.failWith({ status: 429 })],
      ['HTTP 400', 'bad_request', false, (script: FakeLlmScript) => script.failWith({ status: 400 })],
      ['an empty description', 'malformed', false, (script: FakeLlmScript) => script.replyWith('  \n')],
      ['a content filter', 'blocked', true, (script: FakeLlmScript) => script.blocked()],
    ] as const)(
      'makes %s in a describe call a %s error, retryable: %s',
      async (_, kind, retryable, script) => {
        script(fake.media);
        expect(await failureOf(provider.describeMedia(imageQuery(subject.model)))).toMatchObject({
          kind,
          retryable,
        });
        expect(fake.timesShown(imageQuery(subject.model).items[0]!.data)).toBe(1);
      },
    );

    it('fails a hung describe call with a retryable timeout at its deadline', async () => {
      fake.media.hang();
      const error = await failureOf(provider.describeMedia(imageQuery(subject.model, { timeoutMs: 200 })));
      expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    });

    it('refuses media it cannot be shown as a permanent bad request, without a request', async () => {
      const pdf = { mimeType: 'application/pdf', data: new Uint8Array([0x25, 0x50, 0x44, 0x46]) };
      const error = await failureOf(provider.describeMedia(imageQuery(subject.model, { items: [pdf] })));
      expect(error).toMatchObject({ kind: 'bad_request', retryable: false });
      expect(error.message).toContain('application/pdf');
      expect(await failureOf(provider.describeMedia(imageQuery(subject.model, { items: [] })))).toMatchObject(
        {
          kind: 'bad_request',
          retryable: false,
        },
      );
      expect(fake.requestCount).toBe(0);
    });
  });
}
