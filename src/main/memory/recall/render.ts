import { messageTimeFormatter } from '../../conversation';
import type { RecalledItem } from './recall';

/**
 * The recalled items as the model reads them, in the final user turn after the history: one
 * `<recalled_memory>` block, an `<item>` per find with its kind and date (messages also say who
 * wrote them: a name, or "you" for the agent), in the order given. Everything people wrote is
 * escaped, so a message containing `</recalled_memory>` or `<item>` stays text.
 */

/**
 * Whether XML 1.0 can hold the character (a code point): no control characters but tab and line
 * breaks, no half of a surrogate pair on its own, no U+FFFE or U+FFFF.
 */
function xmlCharacter(character: string): boolean {
  const code = character.codePointAt(0)!;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** Text content: the three characters XML reads as markup escaped, characters XML cannot hold dropped. */
export function escapeXmlText(text: string): string {
  const holdable = [...text].filter(xmlCharacter).join('');
  return holdable.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** An attribute value in double quotes. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replace(/[\r\n\t]/g, ' ');
}

/** An instant ("…T…Z") in the agent's zone, as message headers write it; a stored day as it is. */
function dateOf(item: RecalledItem, formatTime: (instant: Date) => string): string | null {
  if (item.date === null) return null;
  const written = (value: string) => {
    const instant = value.includes('T') ? new Date(value) : null;
    return instant === null || Number.isNaN(instant.getTime()) ? value : formatTime(instant);
  };
  if (item.endDate !== null && item.endDate !== item.date)
    return `${written(item.date)} to ${written(item.endDate)}`;
  return written(item.date);
}

/** The `<recalled_memory>` block of `items`, or '' when there are none. */
export function renderRecalledMemory(items: readonly RecalledItem[], timeZone: string): string {
  if (items.length === 0) return '';
  const formatTime = messageTimeFormatter(timeZone);
  const lines = items.map((item) => {
    const attributes = [`kind="${item.kind}"`];
    const date = dateOf(item, formatTime);
    if (date !== null) attributes.push(`date="${escapeXmlAttribute(date)}"`);
    if (item.kind === 'message')
      attributes.push(`from="${escapeXmlAttribute(item.byAgent ? 'you' : (item.from ?? 'unknown'))}"`);
    return `<item ${attributes.join(' ')}>${escapeXmlText(item.text)}</item>`;
  });
  return `<recalled_memory>\n${lines.join('\n')}\n</recalled_memory>`;
}
