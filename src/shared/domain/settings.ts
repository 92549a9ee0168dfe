import { z } from 'zod';
import { DEFAULT_DESKTOP_SETTINGS, DesktopSettingsSchema } from './desktop-settings';
import { LLM_PROVIDERS, type LlmProviderId } from './llm-providers';
import { isDefaultModelName, ModelNameSchema } from './model-names';
import { DEFAULT_TELEGRAM_SERVER_SETTINGS, TelegramServerSettingsSchema } from './telegram';

export { LLM_PROVIDERS, type LlmProviderId };
export const LlmProviderIdSchema = z.enum(LLM_PROVIDERS);

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

/** Global engine parameters, editable live; agent files may override the pacing ones per agent. */
export const EngineSettingsSchema = z.object({
  /** The model of agents whose file names none (a model or a provider name such as `gemini`). */
  defaultAgentLlm: ModelNameSchema.refine((name) => !isDefaultModelName(name), {
    message: 'Name a model or a provider, e.g. gemini.',
  }),
  /** Pause before typing starts, in seconds. */
  startTypingDelaySeconds: z.number().min(0).max(3600),
  /** Simulated typing speed in characters per second; 1000 or more means no typing time. */
  typingSpeed: z.number().min(1).max(1000),
  /** Pause before a sticker, in seconds. */
  stickerDelaySeconds: z.number().min(0).max(600),
  /** LLM calls in flight at once, across all conversations. */
  llmConcurrency: z.number().int().min(1).max(64),
  /** Outbound messages per minute per account. */
  sendsPerMinute: z.number().int().min(1).max(600),
  /** How often a failing task is retried before it fails for good. */
  maxRetries: z.number().int().min(0).max(100),
  retryIntervalSeconds: z.number().min(1).max(3600),
  /** How often each agent's chats are scanned for unread work the live events missed. */
  scanIntervalSeconds: z.number().min(10).max(3600),
  /** Recent messages fetched per turn in a direct chat; at least as many as are shown. */
  historyFetchDirect: z.number().int().min(1).max(1000),
  /** Recent messages fetched per turn in a group or channel. */
  historyFetchGroup: z.number().int().min(1).max(1000),
  /** How many of the fetched messages the model sees, newest last. */
  historyShown: z.number().int().min(1).max(500),
  /** Sends, stickers and media one reply may put into the chat; the rest of the reply fails. */
  maxMessagesPerReply: z.number().int().min(1).max(200),
  /** LLM exchanges are kept this many days (the provenance of replies; each chat's last stays)... */
  exchangeRetentionDays: z.number().int().min(1).max(3650),
  /** ...and at most this many per agent, the newest. */
  exchangesKeptPerAgent: z.number().int().min(100).max(1_000_000),
});
export type EngineSettings = z.infer<typeof EngineSettingsSchema>;

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  defaultAgentLlm: 'gemini',
  startTypingDelaySeconds: 2,
  typingSpeed: 60,
  stickerDelaySeconds: 4,
  llmConcurrency: 4,
  sendsPerMinute: 20,
  maxRetries: 10,
  retryIntervalSeconds: 10,
  scanIntervalSeconds: 60,
  historyFetchDirect: 200,
  historyFetchGroup: 150,
  historyShown: 50,
  maxMessagesPerReply: 20,
  exchangeRetentionDays: 30,
  exchangesKeptPerAgent: 20_000,
};

/**
 * The embedding model memory recall finds paraphrases with: one of the LLM providers (its API key
 * and base URL serve here too) and a model it serves, e.g. `gemini` with `gemini-embedding-001`,
 * `openai` with `text-embedding-3-small`, `ollama` with `nomic-embed-text`. No provider: recall
 * by words only.
 */
export const EmbeddingSettingsSchema = z.object({
  provider: z.union([z.literal(''), LlmProviderIdSchema]),
  model: z.string().trim(),
});
export type EmbeddingSettings = z.infer<typeof EmbeddingSettingsSchema>;

/**
 * How media (stickers, photos, videos, voice notes) is described for the agents: the model that
 * looks at it (a model or provider name, as agents name theirs: Gemini sees images, video and
 * audio; OpenAI-compatible vision models see images) and the limits that keep it quick and cheap.
 */
export const MediaSettingsSchema = z.object({
  /** Empty: media is not described (the agents read "not understood"). */
  model: ModelNameSchema,
  /** New AI descriptions one turn waits for; the rest are described in the background. */
  descriptionsPerTurn: z.number().int().min(0).max(100),
  /** Longer videos, animations and voice notes are not described. */
  maxDurationSeconds: z.number().int().min(1).max(3600),
  /** Larger files are not downloaded for a description. */
  maxFileMegabytes: z.number().min(0.1).max(100),
});
export type MediaSettings = z.infer<typeof MediaSettingsSchema>;

export const DEFAULT_MEDIA_SETTINGS: MediaSettings = {
  model: 'gemini',
  descriptionsPerTurn: 8,
  maxDurationSeconds: 300,
  maxFileMegabytes: 20,
};

/** Operator settings persisted in the state database. Empty strings mean "use the default". */
/** How the console translates conversations for the operator. */
export const TranslationSettingsSchema = z.object({
  /** A model or provider name, as agents name theirs; empty: each conversation's own model. */
  model: ModelNameSchema,
});
export type TranslationSettings = z.infer<typeof TranslationSettingsSchema>;

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
  engine: EngineSettingsSchema,
  /** Which Telegram agents log in to; TROUPE_TELEGRAM_DC overrides it. */
  telegramServer: TelegramServerSettingsSchema,
  embeddings: EmbeddingSettingsSchema,
  media: MediaSettingsSchema,
  translation: TranslationSettingsSchema,
  /** The desktop app's tray, close behaviour, start at login and notifications. */
  desktop: DesktopSettingsSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  configPath: [],
  llmBaseUrls: { gemini: '', openai: '', xai: '', openrouter: '', ollama: '' },
  engine: DEFAULT_ENGINE_SETTINGS,
  telegramServer: DEFAULT_TELEGRAM_SERVER_SETTINGS,
  embeddings: { provider: '', model: '' },
  media: DEFAULT_MEDIA_SETTINGS,
  translation: { model: '' },
  desktop: DEFAULT_DESKTOP_SETTINGS,
};

/** A partial update: top-level keys replace; the object-valued keys merge per field. */
export const SettingsPatchSchema = z
  .object({
    configPath: SettingsSchema.shape.configPath.optional(),
    llmBaseUrls: SettingsSchema.shape.llmBaseUrls.partial().strict().optional(),
    engine: EngineSettingsSchema.partial().strict().optional(),
    telegramServer: TelegramServerSettingsSchema.partial().strict().optional(),
    embeddings: EmbeddingSettingsSchema.partial().strict().optional(),
    media: MediaSettingsSchema.partial().strict().optional(),
    translation: TranslationSettingsSchema.partial().strict().optional(),
    desktop: DesktopSettingsSchema.partial().strict().optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
