import type { EmbeddingSettings, LlmProviderId } from '../../../shared/domain/settings';

/** A model each provider serves for embeddings, shown as the field's example. */
export const EMBEDDING_MODEL_EXAMPLES: Record<LlmProviderId, string> = {
  gemini: 'gemini-embedding-001',
  openai: 'text-embedding-3-small',
  xai: 'an embedding model of your xAI account',
  openrouter: 'openai/text-embedding-3-small',
  ollama: 'nomic-embed-text',
};

/** The fields of `value` that differ from `saved`. */
export function embeddingChanges(
  value: EmbeddingSettings,
  saved: EmbeddingSettings,
): Partial<EmbeddingSettings> {
  const patch: Partial<EmbeddingSettings> = {};
  if (value.provider !== saved.provider) patch.provider = value.provider;
  if (value.model.trim() !== saved.model) patch.model = value.model.trim();
  return patch;
}

/** What must be fixed before saving: a provider wants a model. */
export function embeddingDraftErrors(value: EmbeddingSettings): Record<string, string> {
  return value.provider !== '' && value.model.trim() === ''
    ? { 'embeddings.model': 'Name the embedding model, or choose no provider.' }
    : {};
}
