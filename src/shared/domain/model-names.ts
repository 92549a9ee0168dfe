import { z } from 'zod';
import { LLM_PROVIDERS, type LlmProviderId } from './llm-providers';

/**
 * How a model name an operator writes (an agent's `LLM`, Settings' default, a chat's override)
 * finds its provider: `provider:model` names it outright; a bare provider name stands for that
 * provider's default model; otherwise the name's shape decides. Pure, so the runtime routes calls
 * with it and every place a name is written refuses one no provider would take, at once, instead
 * of every later turn failing.
 */

/** The bare names that stand for a provider's default model. */
export const PROVIDER_DEFAULT_NAMES = [
  'gemini',
  'grok',
  'xai',
  'gpt',
  'openai',
  'openrouter',
  'ollama',
] as const;
export type ProviderDefaultName = (typeof PROVIDER_DEFAULT_NAMES)[number];

/** Model-name shapes and their providers, tried in order (the `/` of OpenRouter ids wins first). */
const NAME_PATTERNS: readonly { test: (lower: string) => boolean; provider: LlmProviderId }[] = [
  { test: (lower) => lower.includes('/') || lower.startsWith('openrouter'), provider: 'openrouter' },
  { test: (lower) => lower.startsWith('gemini'), provider: 'gemini' },
  { test: (lower) => lower.startsWith('grok'), provider: 'xai' },
  { test: (lower) => /^(gpt|openai|o1|o3|o4)/.test(lower), provider: 'openai' },
];

export type ModelNameReading =
  | { kind: 'provider-default'; name: ProviderDefaultName }
  | { kind: 'model'; provider: LlmProviderId; model: string }
  | { kind: 'problem'; problem: string };

/** Whether the name means "the default agent LLM" (empty or `default`). */
export function isDefaultModelName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'default';
}

/** Which provider a (non-default) model name goes to, or what to write instead. */
export function readModelName(name: string): ModelNameReading {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  const colon = trimmed.indexOf(':');
  if (colon >= 0) {
    // Split at the first colon only: Ollama tags have colons (`ollama:llama3.2:3b`).
    const prefix = lower.slice(0, colon).trim();
    const provider = LLM_PROVIDERS.find((candidate) => candidate === prefix);
    const model = trimmed.slice(colon + 1).trim();
    if (provider !== undefined) {
      return model === ''
        ? { kind: 'problem', problem: `Name the model after "${prefix}:", e.g. ${prefix}:MODEL.` }
        : { kind: 'model', provider, model };
    }
    if (!NAME_PATTERNS.some((pattern) => pattern.test(lower))) {
      return {
        kind: 'problem',
        problem: `"${trimmed.slice(0, colon)}" is not a provider: start the name with ${prefixes('')} (an Ollama tag keeps its own colon, e.g. ollama:llama3.2:3b).`,
      };
    }
  }
  const bare = PROVIDER_DEFAULT_NAMES.find((candidate) => candidate === lower);
  if (bare !== undefined) return { kind: 'provider-default', name: bare };
  const pattern = NAME_PATTERNS.find((candidate) => candidate.test(lower));
  if (pattern) return { kind: 'model', provider: pattern.provider, model: trimmed };
  return {
    kind: 'problem',
    problem: `No provider is known for the model "${trimmed}": write it with its provider, one of ${prefixes(trimmed)}.`,
  };
}

/** What is wrong with a model name as written; null when a provider takes it (or it means the default). */
export function modelNameProblem(name: string): string | null {
  if (isDefaultModelName(name)) return null;
  const reading = readModelName(name);
  return reading.kind === 'problem' ? reading.problem : null;
}

/** `gemini:MODEL, openai:MODEL, … or ollama:MODEL` */
function prefixes(model: string): string {
  const all = LLM_PROVIDERS.map((provider) => `${provider}:${model}`);
  return `${all.slice(0, -1).join(', ')} or ${all.at(-1)}`;
}

/** A model name as written in a form or a call: trimmed, and refused with what to write when no provider takes it. */
export const ModelNameSchema = z
  .string()
  .trim()
  .superRefine((name, context) => {
    const problem = modelNameProblem(name);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  });
