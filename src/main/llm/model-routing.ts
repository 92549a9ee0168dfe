import { LLM_PROVIDERS, type LlmProviderId } from '../../shared/domain/settings';
import { LlmError } from './provider';

/** Which provider answers a model name, and the model name that provider is sent. */
export interface ResolvedModel {
  provider: LlmProviderId;
  model: string;
}

export interface ModelRoutingContext {
  /** What an empty name or `default` means (Settings.engine.defaultAgentLlm). */
  defaultAgentLlm: string;
  /** GEMINI_MODEL, GROK_MODEL, OPENROUTER_MODEL and OLLAMA_MODEL choose what the bare names mean. */
  env: Readonly<Record<string, string | undefined>>;
}

export const DEFAULT_GEMINI_MODEL = 'gemini-3-flash-preview';
export const DEFAULT_GROK_MODEL = 'grok-4-fast-non-reasoning';
export const DEFAULT_OPENAI_MODEL = 'gpt-5-mini';

/** The bare provider names an agent's `LLM` field may hold, and the model each stands for. */
const PROVIDER_DEFAULTS: Record<string, (env: ModelRoutingContext['env']) => ResolvedModel> = {
  gemini: (env) => ({ provider: 'gemini', model: envValue(env, 'GEMINI_MODEL') ?? DEFAULT_GEMINI_MODEL }),
  grok: (env) => ({ provider: 'xai', model: envValue(env, 'GROK_MODEL') ?? DEFAULT_GROK_MODEL }),
  xai: (env) => ({ provider: 'xai', model: envValue(env, 'GROK_MODEL') ?? DEFAULT_GROK_MODEL }),
  gpt: () => ({ provider: 'openai', model: DEFAULT_OPENAI_MODEL }),
  openai: () => ({ provider: 'openai', model: DEFAULT_OPENAI_MODEL }),
  openrouter: (env) => ({
    provider: 'openrouter',
    model: requiredEnv(env, 'OPENROUTER_MODEL', 'openrouter'),
  }),
  ollama: (env) => ({ provider: 'ollama', model: requiredEnv(env, 'OLLAMA_MODEL', 'ollama') }),
};

/** Model-name shapes and their providers, tried in order (the `/` of OpenRouter ids wins first). */
const NAME_PATTERNS: readonly { test: (lower: string) => boolean; provider: LlmProviderId }[] = [
  { test: (lower) => lower.includes('/') || lower.startsWith('openrouter'), provider: 'openrouter' },
  { test: (lower) => lower.startsWith('gemini'), provider: 'gemini' },
  { test: (lower) => lower.startsWith('grok'), provider: 'xai' },
  { test: (lower) => /^(gpt|openai|o1|o3|o4)/.test(lower), provider: 'openai' },
];

/**
 * Resolves an agent's `LLM` value: empty or `default` means the default agent LLM; a bare provider
 * name means that provider's default model; `provider:model` names the provider outright (for
 * custom endpoints and names no pattern knows); otherwise the name's shape decides. Throws a
 * permanent `bad_request` LlmError that tells the operator what to write.
 */
export function resolveModel(name: string, context: ModelRoutingContext): ResolvedModel {
  const requested = name.trim();
  if (isDefault(requested)) {
    const fallback = context.defaultAgentLlm.trim();
    if (isDefault(fallback)) {
      throw routingError(
        'The default agent LLM is not set. Name a model or a provider (e.g. gemini) in Settings.',
      );
    }
    return resolveExplicit(fallback, context);
  }
  return resolveExplicit(requested, context);
}

function resolveExplicit(name: string, context: ModelRoutingContext): ResolvedModel {
  const lower = name.toLowerCase();
  const prefixed = providerPrefix(name);
  if (prefixed !== null) return prefixed;
  const bareDefault = PROVIDER_DEFAULTS[lower];
  if (bareDefault) return bareDefault(context.env);
  const pattern = NAME_PATTERNS.find((candidate) => candidate.test(lower));
  if (pattern) return { provider: pattern.provider, model: name };
  throw routingError(
    `No provider is known for the model "${name}". Prefix it with its provider: ` +
      `${LLM_PROVIDERS.map((provider) => `${provider}:${name}`).join(', ')}.`,
  );
}

/** `provider:model`, split at the first colon only: Ollama tags have colons (`ollama:llama3.2:3b`). */
function providerPrefix(name: string): ResolvedModel | null {
  const colon = name.indexOf(':');
  if (colon < 0) return null;
  const prefix = name.slice(0, colon).trim().toLowerCase();
  const provider = LLM_PROVIDERS.find((candidate) => candidate === prefix);
  if (provider === undefined) return null;
  const model = name.slice(colon + 1).trim();
  if (model === '') throw routingError(`Name the model after "${prefix}:", e.g. ${prefix}:MODEL.`);
  return { provider, model };
}

function isDefault(name: string): boolean {
  return name === '' || name.toLowerCase() === 'default';
}

function envValue(env: ModelRoutingContext['env'], key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

function requiredEnv(env: ModelRoutingContext['env'], key: string, bareName: string): string {
  const value = envValue(env, key);
  if (value === null) {
    throw routingError(
      `"${bareName}" names no model by itself: set ${key}, or write the model as ${bareName}:MODEL.`,
    );
  }
  return value;
}

function routingError(message: string): LlmError {
  return new LlmError('bad_request', message, { retryable: false });
}
