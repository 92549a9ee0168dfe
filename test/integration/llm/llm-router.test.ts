import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLlmRouter, type LlmRouterDeps, llmBaseUrl } from '../../../src/main/llm/llm-router';
import { LlmError } from '../../../src/main/llm/provider';
import { createLogger } from '../../../src/main/logging';
import { type SecretCipher, SecretStore } from '../../../src/main/secrets';
import { openDatabase, SecretsRepository, type SqliteDatabase } from '../../../src/main/store';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { onePixelPng } from '../../support/llm-provider-contract';

/** Reversible and obviously not encryption: these tests are about routing, not secrecy. */
const testCipher: SecretCipher = {
  kind: 'test',
  encrypt: (plain) => Buffer.from(plain, 'utf8').reverse(),
  decrypt: (blob) => Buffer.from(blob).reverse().toString('utf8'),
};

const query = { model: '', systemPrompt: 'Be brief.', turns: [{ role: 'user' as const, parts: ['hi'] }] };

describe('LLM router', () => {
  let fake: FakeLlmServer;
  let db: SqliteDatabase;
  let secrets: SecretStore;
  let settings: Settings;
  const logger = createLogger({ level: 'silent' });

  beforeEach(async () => {
    fake = await startFakeLlmServer();
    db = openDatabase(':memory:');
    secrets = new SecretStore({ repository: new SecretsRepository(db), cipher: testCipher, logger });
    settings = structuredClone(DEFAULT_SETTINGS);
  });

  afterEach(async () => {
    db.close();
    await fake.close();
  });

  function router(env: LlmRouterDeps['env']) {
    return createLlmRouter({ secrets, settings: () => settings, env, logger, defaultTimeoutMs: 5_000 });
  }

  it('resolves an agent LLM and calls Gemini with the stored key at the environment base URL', async () => {
    secrets.set('gemini.apiKey', 'gemini-key-from-settings');
    const llm = router({ GOOGLE_GEMINI_BASE_URL: fake.geminiBaseUrl, GEMINI_MODEL: 'gemini-2.5-flash' });

    const { provider, model } = llm.resolve('gemini');
    const reply = await llm.providerFor(provider).queryText({ ...query, model });

    expect(reply.model).toBe('gemini-2.5-flash');
    expect(fake.requests[0]).toMatchObject({
      wire: 'gemini',
      model: 'gemini-2.5-flash',
      apiKey: 'gemini-key-from-settings',
    });
  });

  it.each([
    ['openai', 'OPENAI_BASE_URL', 'openai.apiKey', 'gpt-5-nano'],
    ['xai', 'XAI_BASE_URL', 'xai.apiKey', 'grok-4'],
    ['openrouter', 'OPENROUTER_BASE_URL', 'openrouter.apiKey', 'meta/llama-4'],
  ] as const)('calls %s with its key at %s', async (provider, envName, secretName, model) => {
    secrets.set(secretName, `${provider}-key`);
    const llm = router({ [envName]: fake.openAiBaseUrl });
    await llm.providerFor(provider).queryText({ ...query, model });
    expect(fake.requests[0]).toMatchObject({ wire: 'openai', model, apiKey: `${provider}-key` });
  });

  it.each([
    ['gemini', 'gemini', 'gemini-3-flash-preview'],
    ['gemini-2.5-flash', 'gemini', 'gemini-2.5-flash'],
    ['gpt-4o-mini', 'openai', 'gpt-4o-mini'],
    ['openrouter/google/gemma-3-27b-it', 'openrouter', 'openrouter/google/gemma-3-27b-it'],
  ] as const)('resolves "%s" to a provider that describes an image there', async (name, provider, model) => {
    for (const secret of ['gemini.apiKey', 'openai.apiKey', 'openrouter.apiKey'] as const)
      secrets.set(secret, 'k');
    const llm = router({
      GOOGLE_GEMINI_BASE_URL: fake.geminiBaseUrl,
      OPENAI_BASE_URL: fake.openAiBaseUrl,
      OPENROUTER_BASE_URL: fake.openAiBaseUrl,
    });
    const resolved = llm.resolve(name);
    expect(resolved).toEqual({ provider, model });

    const image = onePixelPng(10, 20, 30);
    const reply = await llm.providerFor(resolved.provider).describeMedia({
      model: resolved.model,
      instructions: 'Describe it.',
      items: [{ mimeType: 'image/png', data: image }],
    });
    expect(reply.text).toBe('A fake description of the media.');
    expect(fake.mediaRequests).toHaveLength(1);
    expect(fake.mediaRequests[0]).toMatchObject({ model, systemText: 'Describe it.' });
    expect(fake.timesShown(image)).toBe(1);
  });

  it('calls Ollama without a key', async () => {
    const llm = router({ OLLAMA_BASE_URL: fake.openAiBaseUrl });
    const reply = await llm.providerFor('ollama').queryText({ ...query, model: 'qwen3' });
    expect(reply.text).toContain('think');
    expect(fake.requests).toHaveLength(1);
  });

  it('takes the base URL from settings when the environment names none', async () => {
    secrets.set('openai.apiKey', 'k');
    settings.llmBaseUrls.openai = fake.openAiBaseUrl;
    await router({})
      .providerFor('openai')
      .queryText({ ...query, model: 'gpt-5-mini' });
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with a permanent auth error naming where to set a missing key', () => {
    const error = (() => {
      try {
        router({}).providerFor('xai');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({
      kind: 'auth',
      retryable: false,
      message:
        'Set the xAI (Grok) API key in Settings, with `troupe secrets set xai.apiKey`, or in the environment variable XAI_API_KEY.',
    });
  });

  it('reuses a provider until its key or base URL changes', async () => {
    secrets.set('openai.apiKey', 'first-key');
    settings.llmBaseUrls.openai = fake.openAiBaseUrl;
    const llm = router({});
    const first = llm.providerFor('openai');
    expect(llm.providerFor('openai')).toBe(first);

    secrets.set('openai.apiKey', 'second-key');
    const afterKeyChange = llm.providerFor('openai');
    expect(afterKeyChange).not.toBe(first);
    await afterKeyChange.queryText({ ...query, model: 'gpt-5-mini' });
    expect(fake.requests.at(-1)?.apiKey).toBe('second-key');

    settings.llmBaseUrls.openai = `${fake.origin}/v1/`;
    expect(llm.providerFor('openai')).not.toBe(afterKeyChange);
  });

  it('keeps a provider while its key is set again unchanged, and fails once it is cleared', () => {
    secrets.set('openai.apiKey', 'the-key');
    const llm = router({ OPENAI_BASE_URL: fake.openAiBaseUrl });
    const first = llm.providerFor('openai');
    secrets.set('openai.apiKey', 'the-key');
    expect(llm.providerFor('openai')).toBe(first);

    secrets.clear('openai.apiKey');
    expect(() => llm.providerFor('openai')).toThrow(
      'Set the OpenAI API key in Settings, with `troupe secrets set openai.apiKey`, or in the environment variable OPENAI_API_KEY.',
    );
  });

  it('resolves the empty LLM through the default agent LLM in the current settings', () => {
    const llm = router({});
    settings.engine.defaultAgentLlm = 'grok';
    expect(llm.resolve('')).toEqual({ provider: 'xai', model: 'grok-4-fast-non-reasoning' });
    settings.engine.defaultAgentLlm = 'openai:gpt-4.1';
    expect(llm.resolve('default')).toEqual({ provider: 'openai', model: 'gpt-4.1' });
  });
});

describe('llmBaseUrl', () => {
  it('prefers the environment, then settings, then the provider default', () => {
    const settings = structuredClone(DEFAULT_SETTINGS);
    expect(llmBaseUrl('xai', settings, {})).toBe('https://api.x.ai/v1');
    settings.llmBaseUrls.xai = 'http://proxy.local/v1';
    expect(llmBaseUrl('xai', settings, {})).toBe('http://proxy.local/v1');
    expect(llmBaseUrl('xai', settings, { XAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toBe(
      'http://127.0.0.1:9/v1',
    );
    expect(llmBaseUrl('xai', settings, { XAI_BASE_URL: '  ' })).toBe('http://proxy.local/v1');
  });
});
