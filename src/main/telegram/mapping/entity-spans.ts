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

/** A range of whole lines: from a line's first code unit to the end of a line (before its newline). */
export interface LineBlock {
  start: number;
  end: number;
}

/**
 * The spans as markdown can carry them back. Markers of one kind cannot nest (`**a **b** c**`
 * closes early), links cannot nest and code cannot overlap code, so:
 * - bold, italic, strike and spoiler spans of one kind that overlap or touch become one;
 * - where links, or code and pre spans, overlap, the span first in text order (the longer at
 *   equal starts, then the earlier entity) keeps the overlap and the other is cut around it;
 * - quotes become blocks of whole lines, since `> ` only counts at a line's start: a quote
 *   covers every line on which it covers a visible character, and the lines between.
 */
export interface SpanLayout {
  /** Bold, italic, strike, spoiler and link ranges. */
  styles: Span[];
  /** Code and pre ranges: disjoint, in text order. */
  codes: Span[];
  /** Quoted lines: disjoint, in text order. */
  quotes: LineBlock[];
}

export function layoutSpans(text: string, spans: readonly Span[]): SpanLayout {
  const ofKinds = (...kinds: SpanStyle['kind'][]) => spans.filter((span) => kinds.includes(span.style.kind));
  return {
    styles: [
      ...mergedRuns(ofKinds('bold', 'italic', 'strike', 'spoiler')),
      ...mergedRuns(claimedInTurn(ofKinds('link'))),
    ],
    codes: claimedInTurn(ofKinds('code', 'pre')),
    quotes: quoteBlocks(text, ofKinds('quote')),
  };
}

function inTextOrder(a: Span, b: Span): number {
  return a.start - b.start || b.end - a.end || a.order - b.order;
}

/** Each span in text order keeps what no earlier one took; what is left may be split in two. */
function claimedInTurn(spans: readonly Span[]): Span[] {
  const claimed: Span[] = [];
  for (const span of [...spans].sort(inTextOrder)) {
    let pieces = [span];
    for (const earlier of claimed) pieces = pieces.flatMap((piece) => outside(piece, earlier));
    claimed.push(...pieces);
  }
  return claimed.sort(inTextOrder);
}

function outside(piece: Span, other: Span): Span[] {
  if (other.end <= piece.start || piece.end <= other.start) return [piece];
  return [
    { ...piece, end: other.start },
    { ...piece, start: other.end },
  ].filter((part) => part.start < part.end);
}

/** Overlapping or touching spans of the same style (a link: the same address) joined. */
function mergedRuns(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort(inTextOrder)) {
    const key = styleKey(span.style);
    const last = merged.findLast((earlier) => styleKey(earlier.style) === key);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

function styleKey(style: SpanStyle): string {
  return style.kind === 'link' ? `link ${style.url}` : style.kind;
}

function quoteBlocks(text: string, quotes: readonly Span[]): LineBlock[] {
  const blocks: LineBlock[] = [];
  for (const quote of quotes) {
    const covered = text.slice(quote.start, quote.end);
    const first = covered.search(/\S/);
    if (first === -1) continue;
    const last = quote.start + covered.trimEnd().length - 1;
    const lineEnd = text.indexOf('\n', last);
    blocks.push({
      start: text.lastIndexOf('\n', quote.start + first - 1) + 1,
      end: lineEnd === -1 ? text.length : lineEnd,
    });
  }
  blocks.sort((a, b) => a.start - b.start);
  const merged: LineBlock[] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    if (last !== undefined && block.start <= last.end) last.end = Math.max(last.end, block.end);
    else merged.push({ ...block });
  }
  return merged;
}
