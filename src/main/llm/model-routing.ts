import { isDefaultModelName, type ProviderDefaultName, readModelName } from '../../shared/domain/model-names';
import type { LlmProviderId } from '../../shared/domain/settings';
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
const PROVIDER_DEFAULTS: Record<ProviderDefaultName, (env: ModelRoutingContext['env']) => ResolvedModel> = {
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

/**
 * Resolves an agent's `LLM` value: empty or `default` means the default agent LLM; a bare provider
 * name means that provider's default model; `provider:model` names the provider outright (for
 * custom endpoints and names no pattern knows); otherwise the name's shape decides. Throws a
 * permanent `bad_request` LlmError that tells the operator what to write.
 */
export function resolveModel(name: string, context: ModelRoutingContext): ResolvedModel {
  const requested = name.trim();
  if (isDefaultModelName(requested)) {
    const fallback = context.defaultAgentLlm.trim();
    if (isDefaultModelName(fallback)) {
      throw routingError(
        'The default agent LLM is not set. Name a model or a provider (e.g. gemini) in Settings.',
      );
    }
    return resolveExplicit(fallback, context);
  }
  return resolveExplicit(requested, context);
}

function resolveExplicit(name: string, context: ModelRoutingContext): ResolvedModel {
  const reading = readModelName(name);
  switch (reading.kind) {
    case 'model':
      return { provider: reading.provider, model: reading.model };
    case 'provider-default':
      return PROVIDER_DEFAULTS[reading.name](context.env);
    case 'problem':
      throw routingError(reading.problem);
  }
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
