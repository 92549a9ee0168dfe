import { agentPath } from '../agents/paths';

/** Routes of the costs pages, relative to the hash router. */
export const COSTS_PATH = '/costs';

/** The price catalogue editor, the costs page's Prices tab. */
export const PRICES_PATH = `${COSTS_PATH}/prices`;

/**
 * The Prices tab with its add form open on a model (`#/costs/prices/add/:provider/:model`), from
 * an unpriced-calls flag.
 */
export function addPricePath(provider: string, model: string): string {
  return `${PRICES_PATH}/add/${encodeURIComponent(provider)}/${encodeURIComponent(model)}`;
}

/** An agent's Costs tab (`#/agents/:configName/costs`). */
export function agentCostsPath(configName: string): string {
  return `${agentPath(configName)}/costs`;
}
