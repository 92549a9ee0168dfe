import { Api } from 'telegram';

/**
 * Telegram message entities reduced to the formatting Troupe's markdown can show, as clean
 * ranges of the text. Offsets and lengths are UTF-16 code units, which is also how JavaScript
 * indexes strings, so they apply to the text directly; what needs care is input that is not
 * clean: ranges past the text, ranges cutting an emoji's surrogate pair in half, and styled
 * ranges that begin or end with spaces (markdown would not recognise `** bold **`).
 */

export type SpanStyle =
  | { kind: 'bold' }
  | { kind: 'italic' }
  | { kind: 'strike' }
  | { kind: 'spoiler' }
  | { kind: 'code' }
  | { kind: 'pre'; language: string }
  | { kind: 'link'; url: string }
  | { kind: 'quote' };

export interface Span {
  style: SpanStyle;
  /** First code unit of the range. */
  start: number;
  /** One past the last code unit. */
  end: number;
  /** The entity's position in Telegram's list: the tie-break that keeps rendering deterministic. */
  order: number;
}

export interface MarkdownOptions {
  /**
   * Spoilers as `||hidden||` (`marked`) or as their plain text (`plain`, the default: Telegram's
   * markdown for sending has no spoiler syntax, so the agent never sees one it cannot write).
   */
  spoilers?: 'plain' | 'marked';
}

/** The markdown style of an entity, or null for entities shown as plain text. */
function styleOf(entity: Api.TypeMessageEntity, options: MarkdownOptions): SpanStyle | null {
  if (entity instanceof Api.MessageEntityBold) return { kind: 'bold' };
  if (entity instanceof Api.MessageEntityItalic) return { kind: 'italic' };
  if (entity instanceof Api.MessageEntityStrike) return { kind: 'strike' };
  if (entity instanceof Api.MessageEntityCode) return { kind: 'code' };
  if (entity instanceof Api.MessageEntityPre) return { kind: 'pre', language: entity.language ?? '' };
  if (entity instanceof Api.MessageEntityTextUrl) return { kind: 'link', url: entity.url };
  if (entity instanceof Api.MessageEntityMentionName) {
    return { kind: 'link', url: `tg://user?id=${entity.userId.toString()}` };
  }
  if (entity instanceof Api.MessageEntityBlockquote) return { kind: 'quote' };
  if (entity instanceof Api.MessageEntitySpoiler && options.spoilers === 'marked') return { kind: 'spoiler' };
  // Underline has no markdown; mentions, hashtags, plain URLs, e-mails, phones, commands and
  // custom emoji are already written out in the text itself.
  return null;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;
const LOW_SURROGATE = /[\uDC00-\uDFFF]/;
const WHITESPACE = /\s/;

/** True when `index` falls between the two halves of a surrogate pair. */
function splitsPair(text: string, index: number): boolean {
  return (
    index > 0 &&
    index < text.length &&
    HIGH_SURROGATE.test(text.charAt(index - 1)) &&
    LOW_SURROGATE.test(text.charAt(index))
  );
}

/** Styles whose markers must hug visible characters; code and quotes keep their exact range. */
function hugsText(style: SpanStyle): boolean {
  return style.kind !== 'code' && style.kind !== 'pre' && style.kind !== 'quote';
}

/** A link whose visible text is its own address adds nothing written as `[url](url)`. */
function isSelfLink(style: SpanStyle, visible: string): boolean {
  if (style.kind !== 'link') return false;
  return [visible, `http://${visible}`, `https://${visible}`].includes(style.url);
}

/** The range an entity covers within the text, clamped and widened to whole characters. */
function clampedRange(text: string, entity: Api.TypeMessageEntity): [number, number] | null {
  const { offset, length } = entity;
  if (!Number.isInteger(offset) || !Number.isInteger(length) || length <= 0) return null;
  let start = Math.max(0, offset);
  let end = Math.min(text.length, offset + length);
  if (splitsPair(text, start)) start -= 1;
  if (splitsPair(text, end)) end += 1;
  return start < end ? [start, end] : null;
}

/** The formatting of a message's text as spans, malformed and plain entities left out. */
export function entitySpans(
  text: string,
  entities: readonly Api.TypeMessageEntity[],
  options: MarkdownOptions = {},
): Span[] {
  const spans: Span[] = [];
  entities.forEach((entity, order) => {
    const style = styleOf(entity, options);
    const range = style && clampedRange(text, entity);
    if (!style || !range) return;
    let [start, end] = range;
    if (hugsText(style)) {
      while (start < end && WHITESPACE.test(text.charAt(start))) start += 1;
      while (end > start && WHITESPACE.test(text.charAt(end - 1))) end -= 1;
    }
    if (start >= end || isSelfLink(style, text.slice(start, end))) return;
    spans.push({ style, start, end, order });
  });
  return spans;
}
