import { createHash } from 'node:crypto';

/** A message to translate: its id and its text (its caption, for media). */
export interface TranslationItem {
  messageId: number;
  text: string;
}

/** How many messages one LLM call translates. */
export const TRANSLATION_BATCH_SIZE = 20;

/** Identifies a message's text, so an edited message is translated again. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** Only messages with words are translated: stickers and media without a caption are not. */
export function translatableItems(items: readonly TranslationItem[]): TranslationItem[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (item.text.trim() === '' || seen.has(item.messageId)) return false;
    seen.add(item.messageId);
    return true;
  });
}

/** The items in consecutive batches of at most `size`, in order. */
export function translationBatches<T>(items: readonly T[], size = TRANSLATION_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`A batch holds at least one message, not ${size}.`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** The model's answer could not be used; the message says what was wrong with it. */
export class TranslationAnswerError extends Error {
  override name = 'TranslationAnswerError';
}

/** A model may wrap its JSON in a Markdown code fence despite being told not to. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  return fenced ? fenced[1]! : text;
}

/**
 * The translations of a batch from the model's answer: a JSON object
 * `{"translations": [{"id": <message id>, "text": "..."}]}` with exactly one string for every
 * message asked about and nothing else. Anything else throws a `TranslationAnswerError`.
 */
export function parseTranslationAnswer(
  answer: string,
  batch: readonly TranslationItem[],
): Map<number, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutCodeFence(answer));
  } catch {
    throw new TranslationAnswerError('The model did not answer with JSON.');
  }
  const list =
    typeof parsed === 'object' && parsed !== null && 'translations' in parsed
      ? parsed.translations
      : undefined;
  if (!Array.isArray(list)) throw new TranslationAnswerError('The answer has no "translations" list.');
  const asked = new Set(batch.map((item) => item.messageId));
  const translations = new Map<number, string>();
  for (const entry of list as unknown[]) {
    const { id, text } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >;
    if (typeof id !== 'number' || typeof text !== 'string') {
      throw new TranslationAnswerError('Each translation needs a numeric "id" and a string "text".');
    }
    if (!asked.has(id))
      throw new TranslationAnswerError(`The answer translates message ${id}, which was not asked for.`);
    if (translations.has(id)) throw new TranslationAnswerError(`The answer translates message ${id} twice.`);
    translations.set(id, text);
  }
  const missing = batch.filter((item) => !translations.has(item.messageId)).map((item) => item.messageId);
  if (missing.length > 0)
    throw new TranslationAnswerError(`The answer leaves out message ${missing.join(', ')}.`);
  return translations;
}
