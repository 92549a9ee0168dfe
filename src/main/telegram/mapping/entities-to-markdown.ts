import type { Api } from 'telegram';
import { entitySpans, type MarkdownOptions, type Span } from './entity-spans';

/**
 * A Telegram message's text with its entities written back as the markdown agents read and
 * write: **bold**, __italic__, ~~strike~~, `code`, ```pre```, [text](url) (text mentions become
 * tg://user links), `> ` quotes and, when asked, ||spoilers||.
 *
 * Telegram's entities may overlap in ways markdown cannot nest (bold 0-5 with italic 3-8). The
 * text is cut at every entity boundary and each piece gets the styles covering it; between
 * pieces, the styles that end are closed innermost-first and the ones still running are
 * reopened, so the markers always nest: `**abc__de__**__fgh__`. Nothing inside code is
 * styled, since markdown would print the markers literally. The text itself is not escaped: the
 * agent's prompts were written for Telegram's own rendering of `message.text`, which does not.
 */
export function entitiesToMarkdown(
  text: string,
  entities: readonly Api.TypeMessageEntity[] | null | undefined,
  options: MarkdownOptions = {},
): string {
  const spans = entitySpans(text, entities ?? [], options);
  if (spans.length === 0) return text;
  const boundaries = [...new Set([0, text.length, ...spans.flatMap((span) => [span.start, span.end])])].sort(
    (a, b) => a - b,
  );
  let markdown = '';
  let open: Span[] = [];
  let previousQuote: Span | null = null;
  // Whitespace ending the previous piece, written after the markers that close there: a style
  // cut short by an overlap must not end on a space (`**ab **` is not bold).
  let pendingSpace = '';
  for (let index = 0; index + 1 < boundaries.length; index += 1) {
    const from = boundaries[index]!;
    const to = boundaries[index + 1]!;
    const wanted = stylesCovering(spans, from, to);
    const quote = quoteCovering(spans, from, to);
    const kept = sharedPrefixLength(open, wanted);
    markdown += inQuote(closers(open.slice(kept), text), previousQuote) + pendingSpace;
    if (quote !== null && (previousQuote === null || previousQuote.end <= from)) markdown += '> ';
    // Spaces inside code are part of it and stay within its markers.
    const [textFrom, textTo] = wanted.some(isCode) ? [from, to] : withoutEdgeSpace(text, from, to);
    markdown += quotedText(text, from, textFrom, quote);
    markdown += inQuote(openers(wanted.slice(kept), text), quote);
    markdown += quotedText(text, textFrom, textTo, quote);
    pendingSpace = quotedText(text, textTo, to, quote);
    open = wanted;
    previousQuote = quote;
  }
  return markdown + inQuote(closers(open, text), previousQuote) + pendingSpace;
}

/** The range [from, to) without the whitespace at either end. */
function withoutEdgeSpace(text: string, from: number, to: number): [number, number] {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text.charAt(start))) start += 1;
  while (end > start && /\s/.test(text.charAt(end - 1))) end -= 1;
  return [start, end];
}

/** Innermost last: at equal ranges, code sits inside links, links inside emphasis. */
const NESTING_RANK: Record<Span['style']['kind'], number> = {
  quote: 0,
  bold: 1,
  italic: 2,
  strike: 3,
  spoiler: 4,
  link: 5,
  code: 6,
  pre: 6,
};

function outerFirst(a: Span, b: Span): number {
  return (
    a.start - b.start ||
    b.end - a.end ||
    NESTING_RANK[a.style.kind] - NESTING_RANK[b.style.kind] ||
    a.order - b.order
  );
}

function isCode(span: Span): boolean {
  return span.style.kind === 'code' || span.style.kind === 'pre';
}

/**
 * The inline styles of the piece [from, to), outermost first. Within code, only the code span
 * (the first, should several overlap) and the styles enclosing all of it remain.
 */
function stylesCovering(spans: readonly Span[], from: number, to: number): Span[] {
  const covering = spans
    .filter((span) => span.style.kind !== 'quote' && span.start <= from && span.end >= to)
    .sort(outerFirst);
  const code = covering.find(isCode);
  if (code === undefined) return covering;
  return covering.filter(
    (span) => span === code || (!isCode(span) && span.start <= code.start && span.end >= code.end),
  );
}

/** The quote the piece [from, to) lies in (the one reaching furthest), if any. */
function quoteCovering(spans: readonly Span[], from: number, to: number): Span | null {
  let quote: Span | null = null;
  for (const span of spans) {
    if (span.style.kind !== 'quote' || span.start > from || span.end < to) continue;
    if (quote === null || span.end > quote.end) quote = span;
  }
  return quote;
}

function sharedPrefixLength(open: readonly Span[], wanted: readonly Span[]): number {
  let length = 0;
  while (length < open.length && length < wanted.length && open[length] === wanted[length]) length += 1;
  return length;
}

function openers(spans: readonly Span[], text: string): string {
  return spans.map((span) => markers(span, text)[0]).join('');
}

/** Closing markers of `spans` (outermost first), innermost closed first. */
function closers(spans: readonly Span[], text: string): string {
  return spans
    .map((span) => markers(span, text)[1])
    .reverse()
    .join('');
}

/** Every line a marker starts inside a quote is a quoted line too. */
function inQuote(markerText: string, quote: Span | null): string {
  return quote === null ? markerText : markerText.replaceAll('\n', '\n> ');
}

/** The text of [from, to), each new line of a quote prefixed, except after the quote's last newline. */
function quotedText(text: string, from: number, to: number, quote: Span | null): string {
  const piece = text.slice(from, to);
  if (quote === null) return piece;
  let quoted = '';
  for (let index = 0; index < piece.length; index += 1) {
    const char = piece.charAt(index);
    quoted += char;
    if (char === '\n' && from + index + 1 < quote.end) quoted += '> ';
  }
  return quoted;
}

/** The opening and closing markers of a span. */
function markers(span: Span, text: string): [string, string] {
  const { style } = span;
  switch (style.kind) {
    case 'bold':
      return ['**', '**'];
    case 'italic':
      return ['__', '__'];
    case 'strike':
      return ['~~', '~~'];
    case 'spoiler':
      return ['||', '||'];
    case 'code': {
      const fence = backtickFence(text.slice(span.start, span.end), 1);
      return [fence, fence];
    }
    case 'pre': {
      const fence = backtickFence(text.slice(span.start, span.end), 3);
      return [`${fence}${style.language}\n`, `\n${fence}`];
    }
    case 'link':
      return ['[', `](${linkTarget(style.url)})`];
    case 'quote':
      return ['', ''];
    default: {
      const unhandled: never = style;
      return unhandled;
    }
  }
}

/** A run of backticks longer than any inside the code, so the code cannot end the fence early. */
function backtickFence(code: string, minimum: number): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(minimum, longestRun + 1));
}

/** Spaces and parentheses would end a markdown link target early; percent-encoding keeps the URL. */
function linkTarget(url: string): string {
  return url.replace(/[ ()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
