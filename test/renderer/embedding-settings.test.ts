import { describe, expect, it } from 'vitest';
import { embeddingChanges, embeddingDraftErrors } from '../../src/renderer/features/settings/embedding-model';

describe('embedding model settings', () => {
  it('sends only what changed, the model trimmed', () => {
    const saved = { provider: '' as const, model: '' };
    expect(embeddingChanges(saved, saved)).toEqual({});
    expect(embeddingChanges({ provider: 'ollama', model: ' nomic-embed-text ' }, saved)).toEqual({
      provider: 'ollama',
      model: 'nomic-embed-text',
    });
  });

  it('wants a model once a provider is chosen, none without one', () => {
    expect(embeddingDraftErrors({ provider: 'gemini', model: '  ' })).toEqual({
      'embeddings.model': 'Name the embedding model, or choose no provider.',
    });
    expect(embeddingDraftErrors({ provider: '', model: '' })).toEqual({});
    expect(embeddingDraftErrors({ provider: 'openai', model: 'text-embedding-3-small' })).toEqual({});
  });
});
