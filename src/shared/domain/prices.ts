import { z } from 'zod';
import { LlmProviderIdSchema } from './settings';

const UsdPerMtokSchema = z
  .number({ error: 'Enter a price in USD per million tokens.' })
  .finite()
  .min(0, 'A price cannot be negative.');

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

export const LlmPriceSchema = LlmPriceInputSchema.extend({
  /** 'shipped': a default that came with Troupe; 'operator': entered or edited by the operator. */
  source: z.enum(['shipped', 'operator']),
  /** UTC ISO-8601. */
  updatedAt: z.string(),
});
export type LlmPrice = z.infer<typeof LlmPriceSchema>;
