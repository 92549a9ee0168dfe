import { z } from 'zod';
import type { LlmProviderId } from './settings';

/** Every secret Troupe keeps. Values are write-only through the API: set, clear, status. */
export const SECRET_NAMES = [
  'gemini.apiKey',
  'openai.apiKey',
  'xai.apiKey',
  'openrouter.apiKey',
  'ollama.apiKey',
  'telegram.apiId',
  'telegram.apiHash',
] as const;
export const SecretNameSchema = z.enum(SECRET_NAMES);
export type SecretName = z.infer<typeof SecretNameSchema>;

export const SECRET_LABELS: Record<SecretName, string> = {
  'gemini.apiKey': 'Gemini API key',
  'openai.apiKey': 'OpenAI API key',
  'xai.apiKey': 'xAI (Grok) API key',
  'openrouter.apiKey': 'OpenRouter API key',
  'ollama.apiKey': 'Ollama API key',
  'telegram.apiId': 'Telegram API id',
  'telegram.apiHash': 'Telegram API hash',
};

/** The secret holding each LLM provider's API key. */
export const LLM_API_KEY_SECRETS: Record<LlmProviderId, SecretName> = {
  gemini: 'gemini.apiKey',
  openai: 'openai.apiKey',
  xai: 'xai.apiKey',
  openrouter: 'openrouter.apiKey',
  ollama: 'ollama.apiKey',
};

/**
 * The environment variable that supplies each secret instead of the saved one: servers and
 * scripts can be given keys without the console, and a variable set wins over a saved value.
 */
export const SECRET_ENV_VARS: Record<SecretName, string> = {
  'gemini.apiKey': 'GEMINI_API_KEY',
  'openai.apiKey': 'OPENAI_API_KEY',
  'xai.apiKey': 'XAI_API_KEY',
  'openrouter.apiKey': 'OPENROUTER_API_KEY',
  'ollama.apiKey': 'OLLAMA_API_KEY',
  'telegram.apiId': 'TELEGRAM_API_ID',
  'telegram.apiHash': 'TELEGRAM_API_HASH',
};

/** Every way to give Troupe a secret, for the messages that ask for one. */
export function waysToSetSecret(name: SecretName): string {
  return `in Settings, with \`troupe secrets set ${name}\`, or in the environment variable ${SECRET_ENV_VARS[name]}`;
}

/**
 * What is wrong with a value about to be saved for `name`, or null: a blank one (Clear removes a
 * value), and a Telegram API id that is not the number my.telegram.org shows, which a login
 * would refuse much later.
 */
export function secretValueProblem(name: SecretName, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Enter a value, or use Clear.';
  if (name === 'telegram.apiId' && !/^\d+$/.test(trimmed)) {
    return 'The API id is a number: the App api_id my.telegram.org shows.';
  }
  return null;
}

export const SecretStatusSchema = z.object({
  name: SecretNameSchema,
  /** Whether a value is saved (encrypted in the state directory). */
  isSet: z.boolean(),
  /** ISO time of the last change; null when never set. */
  updatedAt: z.string().nullable(),
  /** The environment variable supplying the value in place of the saved one; null when none does. */
  environmentVariable: z.string().nullable(),
});
export type SecretStatus = z.infer<typeof SecretStatusSchema>;
