import type { Migration } from './migration';

/** Model id, provider, display name, then USD per million input, output and cached input tokens. */
type ShippedPrice = readonly [string, string, string, number, number, number | null];

/**
 * List prices in USD per million tokens, standard tier, for prompts under the long-context
 * thresholds. Catalogue at the time this migration shipped; operators edit rows (which then
 * become `operator` rows), and a later migration may refresh only the rows still `shipped`.
 * OpenRouter models not listed here are priced by the reported cost or the vendor's model id.
 */
const SHIPPED_PRICES: readonly ShippedPrice[] = [
  ['gemini-3-pro-preview', 'gemini', 'Gemini 3 Pro (preview)', 2, 12, 0.2],
  ['gemini-3-flash-preview', 'gemini', 'Gemini 3 Flash (preview)', 0.5, 3, 0.05],
  ['gemini-2.5-pro', 'gemini', 'Gemini 2.5 Pro', 1.25, 10, 0.125],
  ['gemini-2.5-flash', 'gemini', 'Gemini 2.5 Flash', 0.3, 2.5, 0.03],
  ['gemini-2.5-flash-lite', 'gemini', 'Gemini 2.5 Flash-Lite', 0.1, 0.4, 0.01],
  ['gemini-2.0-flash', 'gemini', 'Gemini 2.0 Flash', 0.1, 0.4, 0.025],
  ['gpt-5.1', 'openai', 'GPT-5.1', 1.25, 10, 0.125],
  ['gpt-5', 'openai', 'GPT-5', 1.25, 10, 0.125],
  ['gpt-5-mini', 'openai', 'GPT-5 mini', 0.25, 2, 0.025],
  ['gpt-5-nano', 'openai', 'GPT-5 nano', 0.05, 0.4, 0.005],
  ['gpt-4.1', 'openai', 'GPT-4.1', 2, 8, 0.5],
  ['gpt-4.1-mini', 'openai', 'GPT-4.1 mini', 0.4, 1.6, 0.1],
  ['gpt-4.1-nano', 'openai', 'GPT-4.1 nano', 0.1, 0.4, 0.025],
  ['gpt-4o', 'openai', 'GPT-4o', 2.5, 10, 1.25],
  ['gpt-4o-mini', 'openai', 'GPT-4o mini', 0.15, 0.6, 0.075],
  ['o3', 'openai', 'o3', 2, 8, 0.5],
  ['o4-mini', 'openai', 'o4-mini', 1.1, 4.4, 0.275],
  ['grok-4', 'xai', 'Grok 4', 3, 15, 0.75],
  ['grok-4-1-fast-reasoning', 'xai', 'Grok 4.1 Fast (reasoning)', 0.2, 0.5, 0.05],
  ['grok-4-1-fast-non-reasoning', 'xai', 'Grok 4.1 Fast', 0.2, 0.5, 0.05],
  ['grok-4-fast-reasoning', 'xai', 'Grok 4 Fast (reasoning)', 0.2, 0.5, 0.05],
  ['grok-4-fast-non-reasoning', 'xai', 'Grok 4 Fast', 0.2, 0.5, 0.05],
  ['grok-3', 'xai', 'Grok 3', 3, 15, 0.75],
  ['grok-3-mini', 'xai', 'Grok 3 mini', 0.3, 0.5, 0.075],
  ['grok-code-fast-1', 'xai', 'Grok Code Fast 1', 0.2, 1.5, 0.02],
  ['anthropic/claude-sonnet-4.5', 'openrouter', 'Claude Sonnet 4.5 (OpenRouter)', 3, 15, 0.3],
  ['anthropic/claude-haiku-4.5', 'openrouter', 'Claude Haiku 4.5 (OpenRouter)', 1, 5, 0.1],
];

/** The LLM price catalogue that turns token counts into costs, seeded with the shipped defaults. */
export const migration004LlmPrices: Migration = {
  version: 4,
  name: 'llm-prices',
  up(db) {
    db.exec(`
      -- model_id is matched case-insensitively; provider has no CHECK so a new provider needs no
      -- table rebuild (the repository validates it). source: 'shipped' defaults or 'operator' edits.
      CREATE TABLE llm_prices (
        model_id TEXT PRIMARY KEY COLLATE NOCASE,
        provider TEXT NOT NULL,
        input_usd_per_mtok REAL NOT NULL CHECK (input_usd_per_mtok >= 0),
        output_usd_per_mtok REAL NOT NULL CHECK (output_usd_per_mtok >= 0),
        cached_input_usd_per_mtok REAL CHECK (cached_input_usd_per_mtok IS NULL OR cached_input_usd_per_mtok >= 0),
        display_name TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT 'operator' CHECK (source IN ('shipped', 'operator')),
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
    const insert = db.prepare<[string, string, number, number, number | null, string]>(
      `INSERT INTO llm_prices (model_id, provider, input_usd_per_mtok, output_usd_per_mtok,
         cached_input_usd_per_mtok, display_name, source, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'shipped',
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    );
    for (const [modelId, provider, displayName, input, output, cachedInput] of SHIPPED_PRICES) {
      insert.run(modelId, provider, input, output, cachedInput, displayName);
    }
  },
};
