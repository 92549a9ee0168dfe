import { createHash } from 'node:crypto';
import { LLM_API_KEY_SECRETS, waysToSetSecret } from '../../shared/domain/secrets';
import {
  DEFAULT_LLM_BASE_URLS,
  LLM_PROVIDER_LABELS,
  type LlmProviderId,
  type Settings,
} from '../../shared/domain/settings';
import type { Logger } from '../logging';
import type { SecretStore } from '../secrets';
import { DEFAULT_LLM_TIMEOUT_MS } from './deadline';
import { createGeminiProvider } from './gemini-provider';
import { type ResolvedModel, resolveModel } from './model-routing';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider';
import { LlmError, type LlmProvider } from './provider';

/** The environment variable that points each provider at another server (a proxy, a local fake). */
export const LLM_BASE_URL_ENV: Record<LlmProviderId, string> = {
  gemini: 'GOOGLE_GEMINI_BASE_URL',
  openai: 'OPENAI_BASE_URL',
  xai: 'XAI_BASE_URL',
  openrouter: 'OPENROUTER_BASE_URL',
  ollama: 'OLLAMA_BASE_URL',
};

/** A local Ollama wants no key, but the openai SDK refuses to start without one. */
const KEYLESS_PLACEHOLDER = 'ollama';

export interface LlmRouterDeps {
  secrets: Pick<SecretStore, 'reveal' | 'onChange'>;
  /** Read on every call, so base-URL and default-model changes apply at once. */
  settings: () => Settings;
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  defaultTimeoutMs?: number;
}

export interface LlmRouter {
  /** Which provider and model an agent's `LLM` value means (see `resolveModel`). */
  resolve(name: string): ResolvedModel;
  /**
   * The provider, built from its current key and base URL and reused until either changes.
   * Throws a permanent `auth` LlmError when its key is not set.
   */
  providerFor(provider: LlmProviderId): LlmProvider;
}

/** The base URL a provider is called at: environment, then settings, then the provider's own. */
export function llmBaseUrl(provider: LlmProviderId, settings: Settings, env: LlmRouterDeps['env']): string {
  return (
    env[LLM_BASE_URL_ENV[provider]]?.trim() ||
    settings.llmBaseUrls[provider].trim() ||
    DEFAULT_LLM_BASE_URLS[provider]
  );
}

export function createLlmRouter(deps: LlmRouterDeps): LlmRouter {
  const logger = deps.logger.child({ module: 'llm-router' });
  const defaultTimeoutMs = deps.defaultTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  /**
   * One provider per id, with the fingerprint of the key and base URL it was built with, the base
   * URL, and whether the key may have changed since. Every turn asks for its provider, and
   * decrypting and hashing the key each time would be waste: it is read again only after a change.
   */
  const built = new Map<
    LlmProviderId,
    { fingerprint: string; baseUrl: string; keyChanged: boolean; provider: LlmProvider }
  >();
  deps.secrets.onChange((name) => {
    for (const [provider, entry] of built)
      if (LLM_API_KEY_SECRETS[provider] === name) entry.keyChanged = true;
  });

  function apiKeyOf(provider: LlmProviderId): string {
    let key: string | null;
    try {
      key = deps.secrets.reveal(LLM_API_KEY_SECRETS[provider]);
    } catch (error) {
      throw new LlmError(
        'auth',
        `The ${LLM_PROVIDER_LABELS[provider]} API key cannot be read: ${(error as Error).message}`,
        { retryable: false },
      );
    }
    if (key !== null) return key;
    if (provider === 'ollama') return KEYLESS_PLACEHOLDER;
    const ways = waysToSetSecret(LLM_API_KEY_SECRETS[provider]);
    throw new LlmError('auth', `Set the ${LLM_PROVIDER_LABELS[provider]} API key ${ways}.`, {
      retryable: false,
    });
  }

  function build(provider: LlmProviderId, apiKey: string, baseUrl: string): LlmProvider {
    const options = { apiKey, baseUrl, logger: deps.logger, defaultTimeoutMs };
    switch (provider) {
      case 'gemini':
        return createGeminiProvider(options);
      case 'openai':
      case 'xai':
      case 'openrouter':
      case 'ollama':
        return createOpenAiCompatibleProvider({ id: provider, ...options });
      default: {
        const unknown: never = provider;
        throw new Error(`Unknown LLM provider: ${String(unknown)}`);
      }
    }
  }

  return {
    resolve(name) {
      return resolveModel(name, { defaultAgentLlm: deps.settings().engine.defaultAgentLlm, env: deps.env });
    },

    providerFor(provider) {
      const baseUrl = llmBaseUrl(provider, deps.settings(), deps.env);
      const cached = built.get(provider);
      if (cached && !cached.keyChanged && cached.baseUrl === baseUrl) return cached.provider;
      const apiKey = apiKeyOf(provider);
      // A hash, so the cache holds no second copy of the key.
      const fingerprint = `${baseUrl}\n${createHash('sha256').update(apiKey).digest('hex')}`;
      if (cached?.fingerprint === fingerprint) {
        built.set(provider, { ...cached, keyChanged: false });
        return cached.provider;
      }
      const fresh = build(provider, apiKey, baseUrl);
      built.set(provider, { fingerprint, baseUrl, keyChanged: false, provider: fresh });
      logger.info({ provider, baseUrl }, cached ? 'LLM provider rebuilt' : 'LLM provider built');
      return fresh;
    },
  };
}
