import type { ChatMsg } from './conversation';

/**
 * The words of a message (its text, or a file's caption) as one string: what is translated, and
 * what identifies a translation (an edit changes it). Empty for stickers and media without words.
 */
export function messageWords(message: Pick<ChatMsg, 'parts'>): string {
  return message.parts
    .flatMap((part) => (part.kind === 'text' ? [part.text] : []))
    .join('\n')
    .trim();
}
