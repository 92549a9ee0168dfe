import { z } from 'zod';
import { LlmProviderIdSchema } from './settings';

/** Far above any model's price (the dearest bill a few hundred dollars): a larger one is a slip of the keys. */
const MAX_USD_PER_MTOK = 10_000;

const UsdPerMtokSchema = z
  .number({ error: 'Enter a price in USD per million tokens.' })
  .finite()
  .min(0, 'A price cannot be negative.')
  .max(
    MAX_USD_PER_MTOK,
    `Enter a price of at most $${MAX_USD_PER_MTOK.toLocaleString('en')} per million tokens.`,
  );

/** A price as an operator enters it: USD per million tokens. */
export const LlmPriceInputSchema = z.object({
  modelId: z.string().trim().min(1, 'Name the model.'),
  provider: LlmProviderIdSchema,
  displayName: z.string().trim().min(1, 'Give the model a display name.'),
  inputUsdPerMtok: UsdPerMtokSchema,
  outputUsdPerMtok: UsdPerMtokSchema,
  /** Null when the provider bills cached input like any input. */
  cachedInputUsdPerMtok: UsdPerMtokSchema.nullable(),
});
export type LlmPriceInput = z.infer<typeof LlmPriceInputSchema>;

/** A price the operator enters: cached input, a discount, never costs more than input. */
export const LlmPriceEntrySchema = LlmPriceInputSchema.strict().refine(
  (price) => price.cachedInputUsdPerMtok === null || price.cachedInputUsdPerMtok <= price.inputUsdPerMtok,
  { message: 'Cached input is a discount: it cannot cost more than input.', path: ['cachedInputUsdPerMtok'] },
);

export const LlmPriceSchema = LlmPriceInputSchema.extend({
  /** 'shipped': a default that came with Troupe; 'operator': entered or edited by the operator. */
  source: z.enum(['shipped', 'operator']),
  /** UTC ISO-8601. */
  updatedAt: z.string(),
});
export type LlmPrice = z.infer<typeof LlmPriceSchema>;
