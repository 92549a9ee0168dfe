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

export const SecretStatusSchema = z.object({
  name: SecretNameSchema,
  isSet: z.boolean(),
  /** ISO time of the last change; null when never set. */
  updatedAt: z.string().nullable(),
});
export type SecretStatus = z.infer<typeof SecretStatusSchema>;
