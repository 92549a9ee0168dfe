import type { Api } from 'telegram';
import {
  entitySpans,
  type LineBlock,
  layoutSpans,
  type MarkdownOptions,
  type Span,
  type SpanLayout,
} from './entity-spans';
import { delimiterRun, type EmphasisChar } from './markdown-emphasis';
import { ESCAPABLE, hasCodePadding, PRE_HEADER } from './markdown-to-entities';

/**
 * A Telegram message's text with its entities written back as the markdown agents read and
 * write: **bold**, __italic__, ~~strike~~, `code`, ```pre```, [text](url) (text mentions become
 * tg://user links), `> ` quotes and, when asked, ||spoilers||. markdownToEntities reads it back
 * to the same text, with the same formatting on every visible character.
 *
 * Telegram's entities may overlap in ways markdown cannot nest (bold 0-5 with italic 3-8). Before
 * each visible character (or code span), the styles that end are closed innermost-first and the
 * ones still running are reopened, so the markers always nest: `**abc__de__**__fgh__`. Markers
 * hug visible characters, whitespace goes between closing and opening ones (`**ab **` would not
 * be bold), and all styles are closed and reopened where a quote begins or ends. Inside code
 * nothing is styled; a style covering only part of it stops at its fence. Literal markup
 * characters are backslash-escaped, but only where they would otherwise be read as markup.
 */
export function entitiesToMarkdown(
  text: string,
  entities: readonly Api.TypeMessageEntity[] | null | undefined,
  options: MarkdownOptions = {},
): string {
  const layout = layoutSpans(text, entitySpans(text, entities ?? [], options));
  // Plain text, most messages: no markers to place, every character the message's own.
  const plain = layout.styles.length === 0 && layout.codes.length === 0 && layout.quotes.length === 0;
  return escaped(plain ? [{ text, literal: true }] : writeChunks(text, layout));
}

/** Output before escaping: the message's own characters are literal, markers are not. */
interface Chunk {
  text: string;
  literal: boolean;
}

/** A part of a code span that lies within one quote or outside all of them. */
interface CodeSegment {
  code: Span;
  start: number;
  end: number;
}

const WHITESPACE = /\s/;

function writeChunks(text: string, { styles, codes, quotes }: SpanLayout): Chunk[] {
  const chunks: Chunk[] = [];
  const markup = (markers: string) => chunks.push({ text: markers, literal: false });
  const segments = new Map<number, CodeSegment>();
  for (const code of codes) {
    for (const segment of codeSegments(code, quotes)) segments.set(segment.start, segment);
  }
  const quoteAt = (position: number) =>
    quotes.findIndex((quote) => quote.start <= position && position < quote.end);
  let open: Span[] = [];
  let openQuote = -1;
  // Whitespace since the last visible character, with its quote prefixes: written after the
  // markers that close there and before the ones that open at the next visible character.
  /** `> ` before a quoted line, a bare `>` before one with nothing on it (not even code). */
  const linePrefix = (lineStart: number): Chunk => {
    const empty = (lineStart === text.length || text.charAt(lineStart) === '\n') && !segments.has(lineStart);
    return { text: empty ? '>' : '> ', literal: false };
  };
  let pending: Chunk[] = quoteAt(0) === -1 ? [] : [linePrefix(0)];
  let position = 0;
  while (position < text.length) {
    const segment = segments.get(position);
    const char = text.charAt(position);
    if (segment === undefined && WHITESPACE.test(char)) {
      pending.push({ text: char, literal: true });
      if (char === '\n' && quoteAt(position + 1) !== -1) {
        pending.push(linePrefix(position + 1));
      }
      position += 1;
      continue;
    }
    const wanted = segment === undefined ? covering(styles, position) : enclosing(styles, segment.code);
    const quote = quoteAt(position);
    // Markers never straddle a quote's edge, where the `> ` prefixes start or stop.
    const kept = quote === openQuote ? sharedPrefixLength(open, wanted) : 0;
    markup(closers(open.slice(kept)));
    chunks.push(...pending);
    pending = [];
    markup(openers(wanted.slice(kept)));
    if (segment === undefined) {
      chunks.push({ text: char, literal: true });
      position += 1;
    } else {
      markup(codeMarkdown(text, segment, quote !== -1));
      position = segment.end;
    }
    open = wanted;
    openQuote = quote;
  }
  markup(closers(open));
  chunks.push(...pending);
  return chunks;
}

/**
 * A code span cut where a quote begins or ends, so that each part is either all quoted or not
 * at all (code begun outside a quote reads its `> ` lines as code). The newline at the cut is
 * left out of the code: whitespace looks the same either way.
 */
function codeSegments(code: Span, quotes: readonly LineBlock[]): CodeSegment[] {
  const cuts = quotes
    .flatMap((quote) => [quote.start - 1, quote.end])
    .filter((newline) => code.start <= newline && newline < code.end)
    .sort((a, b) => a - b);
  const segments: CodeSegment[] = [];
  let start = code.start;
  for (const newline of [...cuts, code.end]) {
    if (start < newline) segments.push({ code, start, end: newline });
    start = newline + 1;
  }
  return segments;
}

/** Innermost last: at equal ranges, links sit inside emphasis. */
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

/** The styles of the character at `position`, outermost first. */
function covering(styles: readonly Span[], position: number): Span[] {
  return styles.filter((span) => span.start <= position && position < span.end).sort(outerFirst);
}

/** The styles over all of a code span, outermost first: markdown cannot style part of one. */
function enclosing(styles: readonly Span[], code: Span): Span[] {
  return styles.filter((span) => span.start <= code.start && span.end >= code.end).sort(outerFirst);
}

function sharedPrefixLength(open: readonly Span[], wanted: readonly Span[]): number {
  let length = 0;
  while (length < open.length && length < wanted.length && open[length] === wanted[length]) length += 1;
  return length;
}

function openers(spans: readonly Span[]): string {
  return spans.map((span) => markers(span)[0]).join('');
}

/** Closing markers of `spans` (outermost first), innermost closed first. */
function closers(spans: readonly Span[]): string {
  return spans
    .map((span) => markers(span)[1])
    .reverse()
    .join('');
}

/** The opening and closing markers of a style. */
function markers({ style }: Span): [string, string] {
  switch (style.kind) {
    case 'bold':
      return ['**', '**'];
    case 'italic':
      return ['__', '__'];
    case 'strike':
      return ['~~', '~~'];
    case 'spoiler':
      return ['||', '||'];
    case 'link':
      return ['[', `](${linkTarget(style.url)})`];
    default:
      // Code, pre and quotes are written by codeMarkdown and the line prefixes.
      return ['', ''];
  }
}

/** A code segment with its fences; inside a quote, each of its lines carries the prefix. */
function codeMarkdown(text: string, { code, start, end }: CodeSegment, quoted: boolean): string {
  const content = text.slice(start, end);
  const inQuote = (lines: string) => (quoted ? lines.replaceAll('\n', '\n> ') : lines);
  if (code.style.kind === 'pre') {
    const fence = backtickFence(content, 3);
    // The language must stay one word, or the header would read as code.
    const language = code.style.language.replace(/[\s`]/g, '');
    return inQuote(`${fence}${language}\n${content}\n${fence}`);
  }
  const inner = inQuote(content);
  const fence = backtickFence(inner, 1);
  // A backtick at either end would merge with the fence, spaces at both ends read as padding,
  // and a one-word first line after three backticks as a pre block's language.
  const padded =
    /^`|`$/.test(inner) || hasCodePadding(inner) || (fence.length >= 3 && PRE_HEADER.test(inner));
  return padded ? `${fence} ${inner} ${fence}` : `${fence}${inner}${fence}`;
}

/** A run of backticks longer than any inside the code, so the code cannot end the fence early. */
function backtickFence(code: string, minimum: number): string {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(minimum, longestRun + 1));
}

/** Whitespace and parentheses would end a markdown link target early; percent-encoding keeps the URL. */
function linkTarget(url: string): string {
  return url.replace(/[\s()]/g, (char) =>
    char === '(' ? '%28' : char === ')' ? '%29' : encodeURIComponent(char),
  );
}

/** The chunks joined, with a backslash before each literal character markdown would read as markup. */
function escaped(chunks: readonly Chunk[]): string {
  const raw = chunks.map((chunk) => chunk.text).join('');
  if (!MARKUP_CHARACTER.test(raw)) return raw;
  const literal = chunks.flatMap((chunk) => Array<boolean>(chunk.text.length).fill(chunk.literal));
  let markdown = '';
  for (let index = 0; index < raw.length; index += 1) {
    if (literal[index] && readAsMarkup(raw, literal, index)) markdown += '\\';
    markdown += raw.charAt(index);
  }
  return markdown;
}

/** The characters readAsMarkup may escape: text without any needs no escaping. */
const MARKUP_CHARACTER = /[\\`[\]>*_~|]/;

function readAsMarkup(raw: string, literal: readonly boolean[], index: number): boolean {
  const char = raw.charAt(index);
  const next = raw.charAt(index + 1);
  switch (char) {
    case '\\':
      return ESCAPABLE.has(next);
    case '`':
      // A backtick opens code if any later run can close it.
      return raw.includes('`', index + 1);
    case '[':
    case ']':
      return raw.includes('](', index);
    case '>':
      return (
        (index === 0 || raw.charAt(index - 1) === '\n') && (next === ' ' || next === '\n' || next === '')
      );
    case '*':
    case '_':
    case '~':
    case '|':
      return isDelimiter(raw, literal, index, char);
    default:
      return false;
  }
}

/**
 * A literal marker character is markup when its run touches a marker (`***` for a star before
 * bold) or could open or close emphasis on its own (`*x*`; not `2 * 3` or `snake_case`).
 */
function isDelimiter(raw: string, literal: readonly boolean[], index: number, char: EmphasisChar): boolean {
  let start = index;
  let end = index + 1;
  while (start > 0 && raw.charAt(start - 1) === char) start -= 1;
  while (raw.charAt(end) === char) end += 1;
  if (literal.slice(start, end).includes(false)) return true;
  const before = start > 0 ? raw.charAt(start - 1) : '\n';
  const after = end < raw.length ? raw.charAt(end) : '\n';
  return delimiterRun(char, end - start, before, after) !== null;
}
