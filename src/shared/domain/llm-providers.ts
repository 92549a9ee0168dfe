/** The model providers Troupe talks to, by the id settings, routes and the ledger use. */
export const LLM_PROVIDERS = ['gemini', 'openai', 'xai', 'openrouter', 'ollama'] as const;
export type LlmProviderId = (typeof LLM_PROVIDERS)[number];
