import type { LlmTurn } from '../llm';
import type { TranslationItem } from './translation-batches';

/** The language's English name ("German" for `de`), or the tag itself when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** What the model is told: translate every message, answer in the strict JSON we parse. */
export function translationSystemPrompt(language: string): string {
  const name = languageName(language);
  return [
    `You help the operator of a chat assistant read conversations in ${name} (${language}).`,
    `Translate the text of every message you are given into ${name}.`,
    'Keep the meaning and the tone; leave emoji, names, @usernames, links and Markdown as they are.',
    `Return a message that is already in ${name} unchanged.`,
    'Answer with one JSON object and nothing else (no code fence, no comment):',
    '{"translations": [{"id": <the message id>, "text": "<its translation>"}]}',
    'with exactly one entry for each message, in the order given.',
  ].join('\n');
}

/** The batch as the one user turn: the messages as a JSON list of ids and texts. */
export function translationTurns(batch: readonly TranslationItem[]): LlmTurn[] {
  const messages = batch.map((item) => ({ id: item.messageId, text: item.text }));
  return [{ role: 'user', parts: [JSON.stringify({ messages })] }];
}
