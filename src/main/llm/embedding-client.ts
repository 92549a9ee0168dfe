import { LLM_API_KEY_SECRETS, waysToSetSecret } from '../../shared/domain/secrets';
import { LLM_PROVIDER_LABELS, type LlmProviderId, type Settings } from '../../shared/domain/settings';
import type { SecretStore } from '../secrets';
import { classifyLlmError, type LlmErrorContext, llmErrorForStatus } from './classify-llm-error';
import { callWithDeadline } from './deadline';
import { llmBaseUrl } from './llm-router';
import { LlmError } from './provider';
import { providerFetch } from './provider-fetch';

/**
 * Embedding models: texts in, vectors out, for memory recall to find what was said in other
 * words. Gemini's `batchEmbedContents` and the OpenAI-compatible `/embeddings` (OpenAI,
 * OpenRouter, a local Ollama) are plain JSON over HTTP, so they are called with `fetch`; each
 * provider's key and base URL are the ones its chat models use.
 */

export interface Embedder {
  /** Names the vector space: vectors of different models never mix. */
  readonly model: string;
  /** One vector per text, in order. Fails with an LlmError (timeout, auth, …). */
  embed(
    texts: readonly string[],
    options?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<Float32Array[]>;
}

export interface EmbedderDeps {
  secrets: Pick<SecretStore, 'reveal'>;
  settings: () => Settings;
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
}

/** How long a batch may take when the caller does not say. */
const DEFAULT_EMBED_TIMEOUT_MS = 30_000;

interface Endpoint {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  read(json: unknown): number[][];
}

function geminiEndpoint(baseUrl: string, key: string, model: string, texts: readonly string[]): Endpoint {
  const name = model.startsWith('models/') ? model : `models/${model}`;
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/v1beta/${name}:batchEmbedContents`,
    headers: { 'x-goog-api-key': key },
    body: { requests: texts.map((text) => ({ model: name, content: { parts: [{ text }] } })) },
    read: (json) =>
      ((json as { embeddings?: { values?: number[] }[] }).embeddings ?? []).map((e) => e.values ?? []),
  };
}

function openAiEndpoint(
  baseUrl: string,
  key: string | null,
  model: string,
  texts: readonly string[],
): Endpoint {
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/embeddings`,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    body: { model, input: texts },
    read: (json) =>
      [...((json as { data?: { embedding?: number[]; index?: number }[] }).data ?? [])]
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        .map((entry) => entry.embedding ?? []),
  };
}

function apiKey(deps: EmbedderDeps, provider: LlmProviderId): string | null {
  const key = deps.secrets.reveal(LLM_API_KEY_SECRETS[provider]);
  if (key !== null || provider === 'ollama') return key;
  const ways = waysToSetSecret(LLM_API_KEY_SECRETS[provider]);
  throw new LlmError(
    'auth',
    `Embeddings need the ${LLM_PROVIDER_LABELS[provider]} API key: set it ${ways}.`,
    {
      retryable: false,
    },
  );
}

async function post(
  deps: EmbedderDeps,
  endpoint: Endpoint,
  signal: AbortSignal,
  context: LlmErrorContext,
): Promise<unknown> {
  let text: string;
  try {
    const response = await (deps.fetch ?? providerFetch)(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...endpoint.headers },
      body: JSON.stringify(endpoint.body),
      signal,
    });
    text = await response.text();
    if (!response.ok) throw llmErrorForStatus(response.status, text, context);
  } catch (error) {
    throw classifyLlmError(error, context);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmError(
      'malformed',
      `${context.providerLabel} answered the embeddings request with no JSON.`,
      {
        retryable: true,
      },
    );
  }
}

/**
 * The embedder the settings name, read on every call (a change of model applies at once), or null
 * when none is set. Its `model` is `provider:model`.
 */
export function embedderFromSettings(deps: EmbedderDeps): Embedder | null {
  const { provider, model } = deps.settings().embeddings;
  if (provider === '' || model === '') return null;
  const label = LLM_PROVIDER_LABELS[provider];
  return {
    model: `${provider}:${model}`,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      const baseUrl = llmBaseUrl(provider, deps.settings(), deps.env);
      const key = apiKey(deps, provider);
      const endpoint =
        provider === 'gemini'
          ? geminiEndpoint(baseUrl, key ?? '', model, texts)
          : openAiEndpoint(baseUrl, key, model, texts);
      const json = await callWithDeadline(
        {
          timeoutMs: options.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS,
          signal: options.signal,
          providerLabel: label,
        },
        (signal) =>
          post(deps, endpoint, signal, { providerLabel: label, secrets: key === null ? [] : [key] }),
      );
      const vectors = endpoint.read(json);
      if (vectors.length !== texts.length || vectors.some((vector) => vector.length === 0)) {
        throw new LlmError(
          'malformed',
          `${label} returned ${vectors.length} embeddings for ${texts.length} texts.`,
          {
            retryable: true,
          },
        );
      }
      return vectors.map((vector) => Float32Array.from(vector));
    },
  };
}
