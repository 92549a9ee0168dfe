import { describe, expect, it } from 'vitest';
import { computeCost, priceLlmCall, type TokenPrices } from '../../../src/main/llm/llm-cost';
import type { LlmUsage } from '../../../src/main/llm/provider';

const usage = (overrides: Partial<LlmUsage> = {}): LlmUsage => ({
  inputTokens: 1_000_000,
  outputTokens: 0,
  cachedTokens: 0,
  thinkingTokens: 0,
  ...overrides,
});
const price: TokenPrices = { inputUsdPerMtok: 0.5, outputUsdPerMtok: 3, cachedInputUsdPerMtok: 0.05 };

describe('computeCost', () => {
  it('prices input and output per million tokens', () => {
    expect(computeCost(usage({ inputTokens: 2_000_000, outputTokens: 500_000 }), price)).toBeCloseTo(2.5, 10);
  });

  it('bills cached input at the cached rate', () => {
    expect(computeCost(usage({ inputTokens: 1_000_000, cachedTokens: 800_000 }), price)).toBeCloseTo(
      0.2 * 0.5 + 0.8 * 0.05,
      10,
    );
  });

  it('bills cached input at the input rate when the price has no cached rate', () => {
    expect(
      computeCost(usage({ inputTokens: 1_000_000, cachedTokens: 800_000 }), {
        ...price,
        cachedInputUsdPerMtok: null,
      }),
    ).toBeCloseTo(0.5, 10);
  });

  it('bills thinking tokens as output', () => {
    expect(
      computeCost(usage({ inputTokens: 0, outputTokens: 100_000, thinkingTokens: 900_000 }), price),
    ).toBeCloseTo(3, 10);
  });

  it('never counts more cached tokens than input tokens', () => {
    expect(computeCost(usage({ inputTokens: 100, cachedTokens: 500 }), price)).toBeCloseTo(
      100 * 0.05 * 1e-6,
      15,
    );
  });

  it('is null for a model without a price', () => {
    expect(computeCost(usage(), null)).toBeNull();
  });
});

describe('priceLlmCall', () => {
  const catalogue = { get: (model: string) => (model === 'gemini-3-flash-preview' ? price : null) };

  it('prices a catalogued model', () => {
    expect(
      priceLlmCall(catalogue, { provider: 'gemini', model: 'gemini-3-flash-preview', usage: usage() }),
    ).toBe(0.5);
  });

  it('prefers the cost the provider reported', () => {
    const reported = usage({ reportedCostUsd: 0.0123 });
    expect(priceLlmCall(catalogue, { provider: 'openrouter', model: 'x/unknown', usage: reported })).toBe(
      0.0123,
    );
  });

  it('is 0 for an unknown Ollama model and null for other unknown models', () => {
    expect(priceLlmCall(catalogue, { provider: 'ollama', model: 'qwen3', usage: usage() })).toBe(0);
    expect(priceLlmCall(catalogue, { provider: 'openai', model: 'gpt-99', usage: usage() })).toBeNull();
  });
});
