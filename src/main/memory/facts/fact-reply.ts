import { z } from 'zod';
import { FACT_CATEGORIES } from '../../../shared/domain/memory';
import { parseJsonReply } from '../json-reply';

/** What an extraction call answers: an array of facts (empty when nothing new was said). */
export const EXTRACTION_RESPONSE_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      about: { type: 'integer' },
      category: { type: 'string', enum: [...FACT_CATEGORIES] },
      key: { type: 'string' },
      content: { type: 'string' },
      message_ids: { type: 'array', items: { type: 'integer' } },
    },
    required: ['about', 'category', 'content'],
  },
} as const;

/** A fact as a model writes it (extraction, reflection); an unknown category reads as general. */
export const ModelFactSchema = z.object({
  category: z.enum(FACT_CATEGORIES).catch('general'),
  key: z.string().trim().optional(),
  content: z.string().trim().min(1),
  message_ids: z.array(z.coerce.number().int()).default([]),
});

const ExtractedFactSchema = ModelFactSchema.extend({
  about: z.coerce.number().int(),
  /** Empty content with a key: the fact with that key no longer holds. */
  content: z.string().trim(),
});
export type ExtractedFact = z.infer<typeof ExtractedFactSchema>;

/**
 * Reads an extraction reply. A reply that is not an array of facts is rejected whole (the error
 * says why, and nothing is written); a fact with bad fields is dropped with its reason.
 */
export function parseExtractionReply(
  text: string,
): { ok: true; facts: ExtractedFact[]; dropped: string[] } | { ok: false; error: string } {
  const parsed = parseJsonReply(text, z.array(z.unknown(), { error: 'the reply is not an array of facts' }));
  if (!parsed.ok) return parsed;
  const facts: ExtractedFact[] = [];
  const dropped: string[] = [];
  parsed.value.forEach((item, index) => {
    const checked = ExtractedFactSchema.safeParse(item);
    if (checked.success) facts.push(checked.data);
    else dropped.push(`fact ${index}: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  });
  return { ok: true, facts, dropped };
}
