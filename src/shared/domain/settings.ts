import { z } from 'zod';

export const LLM_PROVIDERS = ['gemini', 'openai', 'xai', 'openrouter', 'ollama'] as const;
export const LlmProviderIdSchema = z.enum(LLM_PROVIDERS);
export type LlmProviderId = z.infer<typeof LlmProviderIdSchema>;

export const LLM_PROVIDER_LABELS: Record<LlmProviderId, string> = {
  gemini: 'Google Gemini',
  openai: 'OpenAI',
  xai: 'xAI (Grok)',
  openrouter: 'OpenRouter',
  ollama: 'Ollama',
};

/** The base URL each provider uses when no setting or environment variable overrides it. */
export const DEFAULT_LLM_BASE_URLS: Record<LlmProviderId, string> = {
  gemini: 'https://generativelanguage.googleapis.com',
  openai: 'https://api.openai.com/v1',
  xai: 'https://api.x.ai/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  ollama: 'http://127.0.0.1:11434/v1',
};

const BaseUrlSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/.test(value), {
    message: 'Enter an http:// or https:// URL, or leave it empty for the default.',
  });

/** Operator settings persisted in the state database. Empty strings mean "use the default". */
export const SettingsSchema = z.object({
  /** Config directories searched in order; empty = the shipped samples and configdir. */
  configPath: z.array(z.string().trim().min(1)),
  llmBaseUrls: z.object({
    gemini: BaseUrlSchema,
    openai: BaseUrlSchema,
    xai: BaseUrlSchema,
    openrouter: BaseUrlSchema,
    ollama: BaseUrlSchema,
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  configPath: [],
  llmBaseUrls: { gemini: '', openai: '', xai: '', openrouter: '', ollama: '' },
};

/** A partial update: top-level keys replace, `llmBaseUrls` merges per provider. */
export const SettingsPatchSchema = z
  .object({
    configPath: SettingsSchema.shape.configPath.optional(),
    llmBaseUrls: SettingsSchema.shape.llmBaseUrls.partial().strict().optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
