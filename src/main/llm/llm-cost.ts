import type { LlmProviderId } from '../../shared/domain/settings';
import type { LlmPrice } from '../store';
import type { LlmUsage } from './provider';

const TOKENS_PER_PRICE_UNIT = 1_000_000;

export type TokenPrices = Pick<LlmPrice, 'inputUsdPerMtok' | 'outputUsdPerMtok' | 'cachedInputUsdPerMtok'>;

/**
 * What a call cost in USD, or null when the model has no price. Cached input is billed at the
 * cached rate when the price has one; thinking tokens are billed as output.
 */
export function computeCost(usage: LlmUsage, price: TokenPrices | null): number | null {
  if (price === null) return null;
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  const uncached = usage.inputTokens - cached;
  const cachedRate = price.cachedInputUsdPerMtok ?? price.inputUsdPerMtok;
  const micro =
    uncached * price.inputUsdPerMtok +
    cached * cachedRate +
    (usage.outputTokens + usage.thinkingTokens) * price.outputUsdPerMtok;
  return micro / TOKENS_PER_PRICE_UNIT;
}

export interface PricedCall {
  provider: LlmProviderId;
  model: string;
  usage: LlmUsage;
}

/**
 * The cost of a call: what the provider reported when it did, else the catalogue price, else 0
 * for Ollama (it runs on the operator's own machine), else null (an unknown price, to be flagged).
 */
export function priceLlmCall(
  prices: { get(model: string): TokenPrices | null },
  call: PricedCall,
): number | null {
  if (call.usage.reportedCostUsd !== undefined) return call.usage.reportedCostUsd;
  const cost = computeCost(call.usage, prices.get(call.model));
  if (cost !== null) return cost;
  return call.provider === 'ollama' ? 0 : null;
}
