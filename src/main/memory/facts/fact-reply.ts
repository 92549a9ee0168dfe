import { z } from 'zod';
import { FACT_CATEGORIES } from '../../../shared/domain/memory';

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

const ExtractedFactSchema = z.object({
  about: z.coerce.number().int(),
  category: z.enum(FACT_CATEGORIES).catch('general'),
  key: z.string().trim().optional(),
  /** Empty content with a key: the fact with that key no longer holds. */
  content: z.string().trim(),
  message_ids: z.array(z.coerce.number().int()).default([]),
});
export type ExtractedFact = z.infer<typeof ExtractedFactSchema>;

const FENCE = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```\s*$/;

/**
 * Reads an extraction reply. A reply that is not an array of facts is rejected whole (the error
 * says why, and nothing is written); a fact with bad fields is dropped with its reason.
 */
export function parseExtractionReply(
  text: string,
): { ok: true; facts: ExtractedFact[]; dropped: string[] } | { ok: false; error: string } {
  const trimmed = text.trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(FENCE.exec(trimmed)?.[1] ?? trimmed);
  } catch (error) {
    return { ok: false, error: `the reply is not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(parsed)) return { ok: false, error: 'the reply is not an array of facts' };
  const facts: ExtractedFact[] = [];
  const dropped: string[] = [];
  parsed.forEach((item, index) => {
    const checked = ExtractedFactSchema.safeParse(item);
    if (checked.success) facts.push(checked.data);
    else dropped.push(`fact ${index}: ${checked.error.issues.map((issue) => issue.message).join('; ')}`);
  });
  return { ok: true, facts, dropped };
}
