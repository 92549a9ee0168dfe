import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { entitiesToMarkdown, markdownToEntities } from '../../../src/main/telegram/mapping';
import { entitySpans } from '../../../src/main/telegram/mapping/entity-spans';

const MARKED = { spoilers: 'marked' } as const;

const bold = (offset: number, length: number) => new Api.MessageEntityBold({ offset, length });
const italic = (offset: number, length: number) => new Api.MessageEntityItalic({ offset, length });
const strike = (offset: number, length: number) => new Api.MessageEntityStrike({ offset, length });
const spoiler = (offset: number, length: number) => new Api.MessageEntitySpoiler({ offset, length });
const code = (offset: number, length: number) => new Api.MessageEntityCode({ offset, length });
const pre = (offset: number, length: number, language = '') =>
  new Api.MessageEntityPre({ offset, length, language });
const link = (offset: number, length: number, url: string) =>
  new Api.MessageEntityTextUrl({ offset, length, url });
const quote = (offset: number, length: number) => new Api.MessageEntityBlockquote({ offset, length });

/** Entities as comparable plain data, in a stable order. */
function shapes(entities: readonly Api.TypeMessageEntity[]) {
  return entities
    .map((entity) => ({
      type: entity.className,
      offset: entity.offset,
      length: entity.length,
      ...('url' in entity ? { url: entity.url } : {}),
      ...('language' in entity ? { language: entity.language } : {}),
    }))
    .sort((a, b) => a.offset - b.offset || b.length - a.length || a.type.localeCompare(b.type));
}

function parsed(markdown: string) {
  const { text, entities } = markdownToEntities(markdown);
  return { text, entities: shapes(entities) };
}

function expected(text: string, entities: Api.TypeMessageEntity[]) {
  return { text, entities: shapes(entities) };
}

describe('markdownToEntities', () => {
  it.each<[string, string, string, Api.TypeMessageEntity[]]>([
    ['plain text', 'just words', 'just words', []],
    ['empty text', '', '', []],
    ['bold', 'a **bold** move', 'a bold move', [bold(2, 4)]],
    ['italic as written back', 'so __very__ nice', 'so very nice', [italic(3, 4)]],
    ['italic with stars', 'so *very* nice', 'so very nice', [italic(3, 4)]],
    ['italic with an underscore', 'so _very_ nice', 'so very nice', [italic(3, 4)]],
    ['bold and italic at once', '***both***', 'both', [bold(0, 4), italic(0, 4)]],
    ['strike', '~~gone~~ now', 'gone now', [strike(0, 4)]],
    ['spoiler', 'it was ||Bob||!', 'it was Bob!', [spoiler(7, 3)]],
    ['inline code', 'run `npm test` now', 'run npm test now', [code(4, 8)]],
    ['code fenced past its backticks', '``use `x` here``', 'use `x` here', [code(0, 12)]],
    ['pre with a language', '```python\nprint(1)\n```', 'print(1)', [pre(0, 8, 'python')]],
    ['pre without a language', 'see:\n```\na\nb\n```\nok', 'see:\na\nb\nok', [pre(5, 3)]],
    ['pre closed on its last line', '```\nx = 1```', 'x = 1', [pre(0, 5)]],
    ['link', '[docs](https://x.org) here', 'docs here', [link(0, 4, 'https://x.org')]],
    ['user link', 'hi [Bo](tg://user?id=9003)', 'hi Bo', [link(3, 2, 'tg://user?id=9003')]],
    [
      'link with parentheses in its address',
      '[Foo](https://en.wikipedia.org/wiki/Foo_(bar))',
      'Foo',
      [link(0, 3, 'https://en.wikipedia.org/wiki/Foo_(bar)')],
    ],
    ['link text in brackets', '[[1]](https://x.org/1)', '[1]', [link(0, 3, 'https://x.org/1')]],
    [
      'quote',
      'She said:\n> line one\n> line two\nafter',
      'She said:\nline one\nline two\nafter',
      [quote(10, 17)],
    ],
    ['quote with an empty line', '> a\n>\n> b', 'a\n\nb', [quote(0, 4)]],
    ['quote ending inside code', '> see `a\nb` ok', 'see a\nb ok', [quote(0, 5), code(4, 3)]],
  ])('%s', (_name, markdown, text, entities) => {
    expect(parsed(markdown)).toEqual(expected(text, entities));
  });

  it('counts offsets in UTF-16 code units of the plain text', () => {
    // 😀 is two code units, 👍🏽 four, 🇺🇦 four: "bold" starts at 2 + 1 + 4 + 1 + 4 + 1 = 13.
    expect(parsed('😀 👍🏽 🇺🇦 **bold**')).toEqual(expected('😀 👍🏽 🇺🇦 bold', [bold(13, 4)]));
    expect(parsed('😀**😀**')).toEqual(expected('😀😀', [bold(2, 2)]));
    expect(parsed('[👍🏽 yes](https://x.org) **😀**')).toEqual(
      expected('👍🏽 yes 😀', [link(0, 8, 'https://x.org'), bold(9, 2)]),
    );
  });

  it('nests styles, links and code', () => {
    expect(parsed('**hello __world__**')).toEqual(expected('hello world', [bold(0, 11), italic(6, 5)]));
    expect(parsed('**[docs](https://x.org)** and [**bold** link](https://y.org)')).toEqual(
      expected('docs and bold link', [
        bold(0, 4),
        link(0, 4, 'https://x.org'),
        link(9, 9, 'https://y.org'),
        bold(9, 4),
      ]),
    );
    expect(parsed('*a **b** c*')).toEqual(expected('a b c', [italic(0, 5), bold(2, 1)]));
    expect(parsed('**run `npm test`**')).toEqual(expected('run npm test', [bold(0, 12), code(4, 8)]));
    expect(parsed('> **quoted** ||secret||')).toEqual(
      expected('quoted secret', [quote(0, 13), bold(0, 6), spoiler(7, 6)]),
    );
  });

  it('takes code and pre contents literally', () => {
    expect(parsed('`**not bold** [x](y)`')).toEqual(expected('**not bold** [x](y)', [code(0, 19)]));
    expect(parsed('```\n> not a quote\n__x__\n```')).toEqual(expected('> not a quote\n__x__', [pre(0, 19)]));
    expect(parsed('**a `**` b**')).toEqual(expected('a ** b', [bold(0, 6), code(2, 2)]));
  });

  it('strips quote prefixes from a pre block inside a quote', () => {
    expect(parsed('Look:\n> ```\n> code\n> ```\nend')).toEqual(
      expected('Look:\ncode\nend', [quote(6, 4), pre(6, 4)]),
    );
  });

  it('leaves markers that pair with nothing as text', () => {
    expect(parsed('a stray * and **more** after')).toEqual(
      expected('a stray * and more after', [bold(14, 4)]),
    );
    expect(parsed('*oops, never closed. **but this is**')).toEqual(
      expected('*oops, never closed. but this is', [bold(21, 11)]),
    );
    expect(parsed('2 * 3 * 4 = 24')).toEqual(expected('2 * 3 * 4 = 24', []));
    expect(parsed('**half open')).toEqual(expected('**half open', []));
    expect(parsed('a `tick and more')).toEqual(expected('a `tick and more', []));
    expect(parsed('[not a link] and [no target]() ok')).toEqual(
      expected('[not a link] and [no target]() ok', []),
    );
    expect(parsed('~5 km, a || b, x ~~ y')).toEqual(expected('~5 km, a || b, x ~~ y', []));
  });

  it('keeps identifiers and escapes as written', () => {
    expect(parsed('call my_var_name now')).toEqual(expected('call my_var_name now', []));
    expect(parsed('C:\\Users\\*x*')).toEqual(expected('C:\\Users\\x', [italic(9, 1)]));
  });

  it('makes no entity for empty spans', () => {
    expect(parsed('[](https://x.org)')).toEqual(expected('[](https://x.org)', []));
    expect(parsed('a ```\n``` b')).toEqual(expected('a  b', []));
    expect(parsed('>\nno quote here')).toEqual(expected('\nno quote here', []));
  });

  it('pairs the markers that overlapping entities were written with', () => {
    expect(parsed('**abc__de__**__fgh__')).toEqual(
      expected('abcdefgh', [bold(0, 5), italic(3, 2), italic(5, 3)]),
    );
    expect(parsed('**a****b**')).toEqual(expected('ab', [bold(0, 1), bold(1, 1)]));
    expect(parsed('~~a~~~~b~~')).toEqual(expected('ab', [strike(0, 1), strike(1, 1)]));
  });
});

/** Messages as Telegram delivers them, covering every construct entitiesToMarkdown writes. */
const FIXTURES: [string, string, Api.TypeMessageEntity[]][] = [
  [
    'each style',
    'bold italic gone run npm test docs here',
    [bold(0, 4), italic(5, 6), strike(12, 4), code(21, 8), link(30, 4, 'https://x.org')],
  ],
  ['pre', 'print(1)', [pre(0, 8, 'python')]],
  [
    'mention',
    'hi Bo',
    [new Api.MessageEntityMentionName({ offset: 3, length: 2, userId: BigInt(9003) as never })],
  ],
  ['spoiler', 'ends so: Bob!', [spoiler(9, 3)]],
  ['nested', 'hello world', [bold(0, 11), italic(6, 5)]],
  ['equal ranges', 'both', [italic(0, 4), bold(0, 4)]],
  ['overlap', 'abcdefgh', [bold(0, 5), italic(3, 5)]],
  ['overlap with spaces', 'one two three', [bold(0, 7), italic(4, 9)]],
  ['overlap with a link', 'read the docs', [bold(0, 8), link(5, 8, 'https://x.org')]],
  ['emoji', '😀 👍🏽 🇺🇦 bold', [bold(13, 4)]],
  ['emoji styled', 'say 😀', [italic(4, 2)]],
  ['style ending the text', 'say hi', [bold(4, 2), italic(0, 6)]],
  ['spaces outside markers', 'hello there', [bold(0, 6)]],
  ['link target with spaces', 'wiki', [link(0, 4, 'https://en.wikipedia.org/wiki/Foo_(bar) x')]],
  ['code within bold', 'run npm test', [bold(0, 12), code(4, 8)]],
  ['code cutting bold', 'ab cd', [bold(0, 4), code(3, 2)]],
  ['code with backticks', 'use `x` here', [code(0, 12)]],
  ['quote', 'She said:\nline one\nline two\nafter', [quote(10, 18), bold(15, 3)]],
  ['pre in a quote', 'Look:\ncode\nend', [quote(6, 4), pre(6, 4)]],
  ['adjacent bolds', 'ab', [bold(0, 1), bold(1, 1)]],
  ['identifier beside italic', 'snake_case', [italic(0, 5)]],
];

describe('markdownToEntities after entitiesToMarkdown', () => {
  it.each(FIXTURES)('gives back the text and equivalent entities: %s', (_name, text, entities) => {
    const markdown = entitiesToMarkdown(text, entities, MARKED);
    const back = markdownToEntities(markdown);
    expect(back.text).toBe(text);
    // Equivalent: they render to the same markdown (entitiesToMarkdown normalises overlaps).
    expect(entitiesToMarkdown(back.text, back.entities, MARKED)).toBe(markdown);
  });

  it('gives back exactly the entities of already clean messages', () => {
    const clean: [string, Api.TypeMessageEntity[]][] = [
      ['bold italic gone run npm test docs here', FIXTURES[0]![2]],
      ['print(1)', [pre(0, 8, 'python')]],
      ['hello world', [bold(0, 11), italic(6, 5)]],
      ['😀 👍🏽 🇺🇦 bold', [bold(13, 4)]],
      ['run npm test', [bold(0, 12), code(4, 8)]],
      ['a\nquoted\nb', [quote(2, 6), spoiler(2, 6)]],
    ];
    for (const [text, entities] of clean) {
      expect(parsed(entitiesToMarkdown(text, entities, MARKED))).toEqual(expected(text, entities));
    }
  });

  it('survives random messages with random formatting', () => {
    const random = seededRandom(20_260_115);
    for (let round = 0; round < 500; round += 1) {
      const text = randomText(random);
      const entities = randomEntities(random, text);
      const markdown = entitiesToMarkdown(text, entities, MARKED);
      const back = markdownToEntities(markdown);
      const context = JSON.stringify({ text, entities: shapes(entities), markdown });
      expect(back.text, context).toBe(text);
      // Entities split where the markdown had to close and reopen them come back as pieces,
      // which Telegram shows the same: compare what each code unit looks like.
      expect(formattingByCodeUnit(text, parsedRanges(back.entities)), context).toEqual(
        formattingByCodeUnit(text, renderedRanges(text, entities)),
      );
    }
  });
});

interface StyledRange {
  label: string;
  start: number;
  end: number;
}

/** What entitiesToMarkdown shows of a message's entities: edges trimmed, widened to whole characters. */
function renderedRanges(text: string, entities: readonly Api.TypeMessageEntity[]): StyledRange[] {
  return entitySpans(text, entities, MARKED).map(({ style, start, end }) => ({
    label: style.kind === 'link' ? `link ${style.url.replace(/[ ()]/g, percentEncoded)}` : style.kind,
    start,
    end,
  }));
}

/** The parser's entities as they are: Telegram shows exactly these. */
function parsedRanges(entities: readonly Api.TypeMessageEntity[]): StyledRange[] {
  return entities.map((entity) => ({
    label: entity instanceof Api.MessageEntityTextUrl ? `link ${entity.url}` : LABELS[entity.className]!,
    start: entity.offset,
    end: entity.offset + entity.length,
  }));
}

const LABELS: Record<string, string> = {
  MessageEntityBold: 'bold',
  MessageEntityItalic: 'italic',
  MessageEntityStrike: 'strike',
  MessageEntitySpoiler: 'spoiler',
  MessageEntityCode: 'code',
  MessageEntityPre: 'pre',
  MessageEntityBlockquote: 'quote',
};

/**
 * The formatting of each code unit, as markdown can carry it: inside code only the code, the
 * quote and styles enclosing the whole code span count. Whitespace is left out: entitiesToMarkdown
 * moves it outside the markers at every cut, and a quote's last newline is invisible either way.
 */
function formattingByCodeUnit(text: string, ranges: readonly StyledRange[]): string[] {
  const isCode = (range: StyledRange) => range.label === 'code' || range.label === 'pre';
  return Array.from({ length: text.length }, (_unit, index) => {
    if (/\s/.test(text.charAt(index))) return '';
    const covering = ranges.filter((range) => range.start <= index && index < range.end);
    const code = covering.find(isCode);
    const shown = covering.filter(
      (range) =>
        !code ||
        range === code ||
        range.label === 'quote' ||
        (!isCode(range) && range.start <= code.start && range.end >= code.end),
    );
    return [...new Set(shown.map((range) => range.label))].sort().join(' + ');
  });
}

function percentEncoded(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

function hugging(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text.charAt(from))) from += 1;
  while (to > from && /\s/.test(text.charAt(to - 1))) to -= 1;
  return [from, to];
}

/** mulberry32: a small deterministic generator, so a failure reproduces. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Words, spaces, punctuation, emoji and line breaks. No marker characters: with no escaping, a
 * literal `_` touching an italic's `__` cannot be told apart from the marker (`x___y`).
 */
function randomText(random: () => number): string {
  const pieces = ['ab', 'cd', 'x', ' ', ' ', '  ', '\n', '😀', '👍🏽', '.', ',', 'é', '42'];
  let text = '';
  const count = 1 + Math.floor(random() * 14);
  for (let index = 0; index < count; index += 1) text += pieces[Math.floor(random() * pieces.length)];
  return text;
}

/**
 * Inline styles on arbitrary ranges, with the limits of what markdown written by entitiesToMarkdown
 * can carry back: no style overlaps one of its own kind; at most one code span (two touching ones
 * read as one, `a``b`), which no style crosses; quotes over whole lines that no entity crosses.
 * Where a style crosses code or a quote's edge, entitiesToMarkdown can write a closing marker after
 * whitespace or a marker before the `> `, which no markdown reads back; and "`a\n> b`" is code with
 * a `> ` line as much as a quote starting inside code (the parser takes the former, the likely one).
 */
function randomEntities(random: () => number, text: string): Api.TypeMessageEntity[] {
  const makers = [
    bold,
    italic,
    strike,
    spoiler,
    code,
    (o: number, l: number) => link(o, l, `https://x.org/${o}`),
  ];
  // Whole characters only: widening a cut emoji could make two spans of one kind overlap.
  const edges = [0];
  for (const char of text) edges.push(edges.at(-1)! + char.length);
  const entities: Api.TypeMessageEntity[] = [];
  const count = Math.floor(random() * 5);
  for (let index = 0; index < count; index += 1) {
    const first = Math.floor(random() * (edges.length - 1));
    const last = first + 1 + Math.floor(random() * (edges.length - 1 - first));
    const offset = edges[first]!;
    const length = edges[last]! - offset;
    const entity = makers[Math.floor(random() * makers.length)]!(offset, length);
    const isCode = entity instanceof Api.MessageEntityCode;
    // Compared as entitiesToMarkdown sees them: styles without the whitespace at their edges.
    const [start, end] = isCode ? [offset, offset + length] : hugging(text, offset, offset + length);
    const fits = entities.every((other) => {
      const otherIsCode = other instanceof Api.MessageEntityCode;
      const [otherStart, otherEnd] = otherIsCode
        ? [other.offset, other.offset + other.length]
        : hugging(text, other.offset, other.offset + other.length);
      const disjoint = end <= otherStart || otherEnd <= start;
      const nested = (start <= otherStart && otherEnd <= end) || (otherStart <= start && end <= otherEnd);
      if (isCode && otherIsCode) return false;
      if (other.className === entity.className) return disjoint;
      return disjoint || nested || !(isCode || otherIsCode);
    });
    if (fits) entities.push(entity);
  }
  const lines = text.split('\n');
  const line = Math.floor(random() * lines.length);
  const start = lines.slice(0, line).join('\n').length + (line > 0 ? 1 : 0);
  const end = start + lines[line]!.length;
  const crossed = entities.some((other) => {
    const otherEnd = other.offset + other.length;
    const crosses = (edge: number) => other.offset < edge && edge < otherEnd;
    return crosses(start) || crosses(end) || (other instanceof Api.MessageEntityCode && otherEnd === start);
  });
  if (random() < 0.5 && lines[line]!.trim() !== '' && !crossed) entities.push(quote(start, end - start));
  return entities;
}
