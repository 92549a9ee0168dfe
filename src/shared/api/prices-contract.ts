import { z } from 'zod';
import { LlmPriceEntrySchema, LlmPriceSchema } from '../domain/prices';

/**
 * The LLM price catalogue every cost is computed with: listed, a model added or its prices
 * changed, a model removed. A change prices every call from then on (earlier ledger rows keep
 * their cost).
 */
export const pricesProcedures = {
  'prices.list': { input: z.object({}).strict(), output: z.object({ prices: z.array(LlmPriceSchema) }) },
  'prices.put': {
    input: LlmPriceEntrySchema,
    output: z.object({ price: LlmPriceSchema }),
  },
  'prices.delete': {
    input: z.object({ modelId: z.string().min(1) }).strict(),
    output: z.object({ deleted: z.literal(true) }),
  },
} as const;

export const pricesEvents = {
  'prices.changed': z.object({ prices: z.array(LlmPriceSchema) }),
} as const;
