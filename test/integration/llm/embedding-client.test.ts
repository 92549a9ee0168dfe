import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embedderFromSettings, LlmError } from '../../../src/main/llm';
import type { SecretName } from '../../../src/shared/domain/secrets';
import { DEFAULT_SETTINGS, type EmbeddingSettings, type Settings } from '../../../src/shared/domain/settings';
import {
  FAKE_EMBEDDING_DIMENSIONS,
  type FakeEmbeddingsServer,
  fakeEmbedding,
  startFakeEmbeddingsServer,
} from '../../support/fake-embeddings-server';

describe('embedding client', () => {
  let server: FakeEmbeddingsServer;
  const keys = new Map<SecretName, string>([
    ['gemini.apiKey', 'gemini-key'],
    ['openai.apiKey', 'openai-key'],
  ]);

  beforeEach(async () => {
    server = await startFakeEmbeddingsServer();
  });
  afterEach(() => server.close());

  function embedder(embeddings: EmbeddingSettings) {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      embeddings,
      llmBaseUrls: {
        ...DEFAULT_SETTINGS.llmBaseUrls,
        openai: server.openAiBaseUrl,
        ollama: server.openAiBaseUrl,
      },
    };
    return embedderFromSettings({
      secrets: { reveal: (name) => keys.get(name) ?? null },
      settings: () => settings,
      env: { GOOGLE_GEMINI_BASE_URL: server.origin },
    });
  }

  it('is off without a provider or a model', () => {
    expect(embedder({ provider: '', model: 'x' })).toBeNull();
    expect(embedder({ provider: 'openai', model: '' })).toBeNull();
  });

  it('embeds through Gemini and OpenAI-compatible APIs with their keys, one vector per text in order', async () => {
    const texts = ['bouldering at the gym', 'pizza tonight'];
    for (const [provider, model, key] of [
      ['gemini', 'gemini-embedding-001', 'gemini-key'],
      ['openai', 'text-embedding-3-small', 'openai-key'],
      ['ollama', 'nomic-embed-text', null],
    ] as const) {
      const client = embedder({ provider, model })!;
      expect(client.model).toBe(`${provider}:${model}`);
      const vectors = await client.embed(texts);
      expect(vectors.map((vector) => vector.length)).toEqual([
        FAKE_EMBEDDING_DIMENSIONS,
        FAKE_EMBEDDING_DIMENSIONS,
      ]);
      expect([...vectors[1]!]).toEqual(fakeEmbedding('pizza tonight').map(Math.fround));
      expect(server.requests.at(-1)).toMatchObject({ model, apiKey: key, texts });
    }
  });

  it('fails with the LLM errors the engine knows: a refused key, a deadline', async () => {
    const client = embedder({ provider: 'openai', model: 'text-embedding-3-small' })!;
    server.failWith(401);
    await expect(client.embed(['hello'])).rejects.toMatchObject({ kind: 'auth' });
    server.hang();
    const late = client.embed(['hello'], { timeoutMs: 50 });
    await expect(late).rejects.toBeInstanceOf(LlmError);
    await expect(late).rejects.toMatchObject({ kind: 'timeout' });
    keys.delete('openai.apiKey');
    await expect(client.embed(['hello'])).rejects.toMatchObject({ kind: 'auth' });
  });
});
