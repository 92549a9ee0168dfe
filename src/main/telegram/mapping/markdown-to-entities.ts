import { Api } from 'telegram';
import type { SpanStyle } from './entity-spans';
import {
  type DelimiterRun,
  delimiterRun,
  type EmphasisChar,
  type EmphasisPair,
  leftoverOf,
  pairEmphasis,
} from './markdown-emphasis';

/**
 * The markdown agents write, turned into Telegram's plain text plus formatting entities: the
 * inverse of entitiesToMarkdown for everything it writes, and lenient towards what models add.
 *
 *   **bold**, __italic__ (also *italic* and _italic_), ~~strike~~, ||spoiler||,
 *   `code` (any number of backticks as the fence), ```lang\npre\n```, [text](url),
 *   and lines starting with `> ` (or a bare `>`) as a blockquote.
 *
 * `__x__` is italic, not bold: entitiesToMarkdown writes italics that way, so an agent quoting or
 * imitating a message gets back what it saw. A backslash before a markup character (see
 * ESCAPABLE) makes it text, as entitiesToMarkdown writes literal markers; before anything else a
 * backslash is text (`C:\Users`). Markers that pair with nothing stay as text, and code keeps its
 * contents literally. Offsets and lengths are UTF-16 code units of the returned text, which is
 * how JavaScript indexes strings, so emoji need no special care.
 */
export function markdownToEntities(markdown: string): { text: string; entities: Api.TypeMessageEntity[] } {
  const { nodes, spans } = new MarkdownScanner(markdown).scan();
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const node of nodes) {
    starts.push(text.length);
    text += node.kind === 'text' ? node.text : node.char.repeat(leftoverOf(node));
    ends.push(text.length);
  }
  const offsetOf = (anchor: Anchor) => (anchor.side === 'start' ? starts : ends)[anchor.node]!;
  const ranges = spans
    .map(({ style, from, to }) => ({ style, offset: offsetOf(from), length: offsetOf(to) - offsetOf(from) }))
    .filter((range) => range.length > 0)
    .sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities: withoutDuplicates(ranges.map(entityOf)) };
}

/** Literal text (mutable: a `[` becomes empty once it turns out to open a link), or a marker run. */
type Node = { kind: 'text'; text: string } | DelimiterRun;

/** A position in the output: just before or just after a node's printed text. */
interface Anchor {
  node: number;
  side: 'start' | 'end';
}

interface PendingSpan {
  style: SpanStyle;
  from: Anchor;
  to: Anchor;
}

/** A `[` that may still open a link. */
interface Bracket {
  node: number;
  /** Where it stands in the markdown. */
  position: number;
  /** The first delimiter run after it: the link's text pairs its markers among themselves. */
  firstRun: number;
  /** Links do not nest; a `[` before a finished link can no longer open one. */
  active: boolean;
}

const EMPHASIS_CHARS = new Set<string>(['*', '_', '~', '|']);
/** The characters a backslash turns into text: every one that can start or end markup. */
export const ESCAPABLE: ReadonlySet<string> = new Set(['\\', '`', '*', '_', '~', '|', '[', ']', '>']);
/** Characters that may start markup; anything else is copied through in one go. */
const SPECIAL = /[\n`*_~|[\]\\]/g;
/** A quote line's prefix: `> `, or a bare `>` on an otherwise empty line. */
const QUOTE_PREFIX = /> |>(?=\n|$)/y;
/** After a fence of three or more backticks: an optional language, then the end of the line. */
export const PRE_HEADER = /^([^\s`]*)\n/;
/** A quote prefix at the start of a line within code. */
const CODE_LINE_QUOTE_PREFIX = /^(?:> |>$)/;

/** One left-to-right pass collecting text, marker runs and the spans already known. */
class MarkdownScanner {
  readonly #markdown: string;
  readonly #nodes: Node[] = [];
  readonly #runs: DelimiterRun[] = [];
  readonly #brackets: Bracket[] = [];
  readonly #spans: PendingSpan[] = [];
  #position = 0;
  /** The node marking where the current blockquote began, if a quote is open. */
  #quoteStart: number | null = null;

  constructor(markdown: string) {
    this.#markdown = markdown;
  }

  scan(): { nodes: Node[]; spans: PendingSpan[] } {
    this.#lineStart();
    while (this.#position < this.#markdown.length) {
      const char = this.#markdown.charAt(this.#position);
      if (char === '\n') this.#newline();
      else if (char === '\\') this.#backslash();
      else if (char === '`') this.#code();
      else if (EMPHASIS_CHARS.has(char)) this.#delimiter(char as EmphasisChar);
      else if (char === '[') this.#openBracket();
      else if (char === ']') this.#closeBracket();
      else this.#plainText();
    }
    if (this.#quoteStart !== null) this.#closeQuote();
    this.#addPairs(pairEmphasis(this.#runs, 0));
    return { nodes: this.#nodes, spans: this.#spans };
  }

  #push(node: Node): number {
    this.#nodes.push(node);
    return this.#nodes.length - 1;
  }

  #text(text: string): number {
    return this.#push({ kind: 'text', text });
  }

  #backslash(): void {
    const next = this.#markdown.charAt(this.#position + 1);
    const escaped = ESCAPABLE.has(next);
    this.#text(escaped ? next : '\\');
    this.#position += escaped ? 2 : 1;
  }

  #plainText(): void {
    SPECIAL.lastIndex = this.#position + 1;
    const end = SPECIAL.exec(this.#markdown)?.index ?? this.#markdown.length;
    this.#text(this.#markdown.slice(this.#position, end));
    this.#position = end;
  }

  /** Length of the quote prefix at `position`, 0 if the line there is not quoted. */
  #quotePrefixAt(position: number): number {
    QUOTE_PREFIX.lastIndex = position;
    return QUOTE_PREFIX.exec(this.#markdown)?.[0].length ?? 0;
  }

  #lineStart(): void {
    const prefix = this.#quotePrefixAt(this.#position);
    if (prefix === 0) return;
    if (this.#quoteStart === null) this.#quoteStart = this.#text('');
    this.#position += prefix;
  }

  /** The newline separating a quote from what follows belongs to neither. */
  #newline(): void {
    if (this.#quoteStart !== null && this.#quotePrefixAt(this.#position + 1) === 0) this.#closeQuote();
    this.#text('\n');
    this.#position += 1;
    this.#lineStart();
  }

  #closeQuote(): void {
    const end = this.#text('');
    this.#spans.push({
      style: { kind: 'quote' },
      from: { node: this.#quoteStart!, side: 'end' },
      to: { node: end, side: 'start' },
    });
    this.#quoteStart = null;
  }

  /**
   * A backtick fence opens code that ends at the next run of at least as many backticks; with no
   * such run, the backticks are text. Backticks beyond the fence's length open the next code
   * span, which is how entitiesToMarkdown writes two touching ones (`` `a```b`` ``). Three or
   * more followed by a language (possibly none) and a newline make a pre block, whose last
   * newline before the closing fence is not part of it. As in CommonMark, one space is taken off
   * each end of inline code that has one at both (`` ` `x` ` `` is `` `x` ``).
   */
  #code(): void {
    const markdown = this.#markdown;
    const fenceStart = this.#position;
    const fenceLength = backtickRunLength(markdown, fenceStart);
    const closing = closingFence(markdown, fenceStart + fenceLength, fenceLength);
    if (closing === -1) {
      this.#text(markdown.slice(fenceStart, fenceStart + fenceLength));
      this.#position = fenceStart + fenceLength;
      return;
    }
    const inside = markdown.slice(fenceStart + fenceLength, closing);
    const header = fenceLength >= 3 ? PRE_HEADER.exec(inside) : null;
    const [first, last] =
      header === null
        ? this.#codeText(hasCodePadding(inside) ? inside.slice(1, -1) : inside, false)
        : this.#codeText(
            inside.slice(header[0].length).replace(this.#quoteStart === null ? /\n$/ : /\n(?:> ?)?$/, ''),
            true,
          );
    this.#spans.push({
      style: header === null ? { kind: 'code' } : { kind: 'pre', language: header[1]! },
      from: { node: first, side: 'start' },
      to: { node: last, side: 'end' },
    });
    this.#position = closing + fenceLength;
  }

  /**
   * Code's text as nodes, from the first to the last. Code begun inside a quote carries the
   * quote's line prefixes, which are not code; its first line without one ends the quote. (A
   * `> ` line in code begun outside a quote is code: a shell prompt, a quoted e-mail.)
   */
  #codeText(code: string, atLineStart: boolean): [number, number] {
    const first = this.#nodes.length;
    let text = '';
    code.split('\n').forEach((line, index) => {
      if (index > 0) text += '\n';
      if (this.#quoteStart === null || (index === 0 && !atLineStart)) {
        text += line;
        return;
      }
      const prefix = CODE_LINE_QUOTE_PREFIX.exec(line)?.[0].length ?? 0;
      if (prefix === 0) {
        this.#text(text.slice(0, text.length - (index > 0 ? 1 : 0)));
        this.#closeQuote();
        text = index > 0 ? '\n' : '';
      }
      text += line.slice(prefix);
    });
    this.#text(text);
    return [first, this.#nodes.length - 1];
  }

  #delimiter(char: EmphasisChar): void {
    const markdown = this.#markdown;
    const start = this.#position;
    let end = start;
    while (markdown.charAt(end) === char) end += 1;
    const before = start > 0 ? markdown.charAt(start - 1) : '\n';
    const after = end < markdown.length ? markdown.charAt(end) : '\n';
    const run = delimiterRun(char, end - start, before, after);
    if (run === null) {
      this.#text(markdown.slice(start, end));
    } else {
      this.#push(run);
      this.#runs.push(run);
    }
    this.#position = end;
  }

  #openBracket(): void {
    const node = this.#text('[');
    this.#brackets.push({ node, position: this.#position, firstRun: this.#runs.length, active: true });
    this.#position += 1;
  }

  /** `](url)` after an open `[` with some text between makes a link; otherwise `]` is text. */
  #closeBracket(): void {
    const bracket = this.#brackets.pop();
    const target = linkTarget(this.#markdown, this.#position + 1);
    if (!bracket?.active || target === null || bracket.position + 1 === this.#position) {
      this.#text(']');
      this.#position += 1;
      return;
    }
    this.#addPairs(pairEmphasis(this.#runs, bracket.firstRun));
    const opener = this.#nodes[bracket.node] as { kind: 'text'; text: string };
    opener.text = '';
    const end = this.#text('');
    this.#spans.push({
      style: { kind: 'link', url: target.url },
      from: { node: bracket.node, side: 'end' },
      to: { node: end, side: 'start' },
    });
    for (const earlier of this.#brackets) earlier.active = false;
    this.#position = target.end;
  }

  #addPairs(pairs: readonly EmphasisPair[]): void {
    for (const { opener, closer, style } of pairs) {
      this.#spans.push({
        style: { kind: style },
        from: { node: this.#nodes.indexOf(opener), side: 'end' },
        to: { node: this.#nodes.indexOf(closer), side: 'start' },
      });
    }
  }
}

function backtickRunLength(markdown: string, start: number): number {
  let end = start;
  while (markdown.charAt(end) === '`') end += 1;
  return end - start;
}

/** Start of the first run of at least `length` backticks from `from` on, or -1. */
function closingFence(markdown: string, from: number, length: number): number {
  let position = markdown.indexOf('`', from);
  while (position !== -1) {
    const runLength = backtickRunLength(markdown, position);
    if (runLength >= length) return position;
    position = markdown.indexOf('`', position + runLength);
  }
  return -1;
}

/**
 * The `(url)` at `start`: no whitespace, not empty, parentheses balanced so that Wikipedia-style
 * addresses survive. The URL is kept as written (entitiesToMarkdown's %20, %28 and %29 included:
 * they are the same address).
 */
/** Inline code written with a space inside each fence, which is not part of the code. */
export function hasCodePadding(inside: string): boolean {
  return inside.length > 2 && inside.startsWith(' ') && inside.endsWith(' ') && /[^ ]/.test(inside);
}

function linkTarget(markdown: string, start: number): { url: string; end: number } | null {
  if (markdown.charAt(start) !== '(') return null;
  let depth = 0;
  for (let position = start + 1; position < markdown.length; position += 1) {
    const char = markdown.charAt(position);
    if (/\s/.test(char)) return null;
    if (char === '(') depth += 1;
    if (char === ')') {
      if (depth === 0)
        return position === start + 1
          ? null
          : { url: markdown.slice(start + 1, position), end: position + 1 };
      depth -= 1;
    }
  }
  return null;
}

function entityOf({
  style,
  offset,
  length,
}: {
  style: SpanStyle;
  offset: number;
  length: number;
}): Api.TypeMessageEntity {
  switch (style.kind) {
    case 'bold':
      return new Api.MessageEntityBold({ offset, length });
    case 'italic':
      return new Api.MessageEntityItalic({ offset, length });
    case 'strike':
      return new Api.MessageEntityStrike({ offset, length });
    case 'spoiler':
      return new Api.MessageEntitySpoiler({ offset, length });
    case 'code':
      return new Api.MessageEntityCode({ offset, length });
    case 'pre':
      return new Api.MessageEntityPre({ offset, length, language: style.language });
    case 'link':
      return new Api.MessageEntityTextUrl({ offset, length, url: style.url });
    case 'quote':
      return new Api.MessageEntityBlockquote({ offset, length });
    default: {
      const unhandled: never = style;
      return unhandled;
    }
  }
}

/** `___x___` pairs twice as italic; one entity says the same. */
function withoutDuplicates(entities: Api.TypeMessageEntity[]): Api.TypeMessageEntity[] {
  return entities.filter(
    (entity, index) =>
      !entities
        .slice(0, index)
        .some(
          (earlier) =>
            earlier.className === entity.className &&
            earlier.offset === entity.offset &&
            earlier.length === entity.length,
        ),
  );
}
