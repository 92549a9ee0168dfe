export {
  classifyLlmError,
  type LlmErrorContext,
  llmErrorForStatus,
  redactSecrets,
} from './classify-llm-error';
export { DEFAULT_LLM_TIMEOUT_MS } from './deadline';
export { type Embedder, type EmbedderDeps, embedderFromSettings } from './embedding-client';
export { createGeminiProvider, type GeminiProviderOptions } from './gemini-provider';
export { computeCost, type PricedCall, priceLlmCall, type TokenPrices } from './llm-cost';
export {
  createLlmRouter,
  LLM_BASE_URL_ENV,
  type LlmRouter,
  type LlmRouterDeps,
  llmBaseUrl,
} from './llm-router';
export {
  LLM_USAGE_ACTION_KIND,
  type LlmUsageDetails,
  LlmUsageDetailsSchema,
  type LlmUsageRecord,
  recordLlmUsage,
} from './llm-usage-ledger';
export {
  DEFAULT_GEMINI_MODEL,
  DEFAULT_GROK_MODEL,
  DEFAULT_OPENAI_MODEL,
  type ModelRoutingContext,
  type ResolvedModel,
  resolveModel,
} from './model-routing';
export {
  createOpenAiCompatibleProvider,
  type OpenAiCompatibleProviderId,
  type OpenAiCompatibleProviderOptions,
} from './openai-compatible-provider';
export {
  LLM_ERROR_KINDS,
  LlmError,
  type LlmErrorKind,
  type LlmProvider,
  type LlmReply,
  type LlmTurn,
  type LlmUsage,
  type MediaItem,
  type MediaQuery,
  type MediaSupport,
  type StructuredQuery,
  type TextQuery,
} from './provider';
export { TRANSCRIPT_MARKER } from './reply-checks';
export { AGENT_LAST_TURN_TEXT, EMPTY_HISTORY_TURN_TEXT, turnsEndingOnUser } from './turns';
