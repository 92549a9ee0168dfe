import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { entitiesToMarkdown, markdownToEntities } from '../../../src/main/telegram/mapping';
import { entitySpans, type Span } from '../../../src/main/telegram/mapping/entity-spans';

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

  it('keeps identifiers, and backslashes before anything but markup, as written', () => {
    expect(parsed('call my_var_name now')).toEqual(expected('call my_var_name now', []));
    expect(parsed('C:\\Users\\x *y*')).toEqual(expected('C:\\Users\\x y', [italic(11, 1)]));
  });

  it('reads a backslash before a markup character as that character', () => {
    expect(parsed('\\*not italic\\* but *this*')).toEqual(expected('*not italic* but this', [italic(17, 4)]));
    expect(parsed('\\_\\~\\|\\`\\[x\\](y) C:\\\\*z*')).toEqual(expected('_~|`[x](y) C:\\z', [italic(14, 1)]));
    expect(parsed('\\> not a quote\n> quote')).toEqual(expected('> not a quote\nquote', [quote(14, 5)]));
    expect(parsed('`\\*` stays code')).toEqual(expected('\\* stays code', [code(0, 2)]));
  });

  it('ends code at the first run of at least as many backticks, the rest opening the next span', () => {
    expect(parsed('`a``b`')).toEqual(expected('ab', [code(0, 1), code(1, 1)]));
    expect(parsed('```\na\n````b`')).toEqual(expected('ab', [pre(0, 1), code(1, 1)]));
    expect(parsed('`a```b')).toEqual(expected('a``b', [code(0, 1)]));
  });

  it('takes one space of padding off both ends of inline code', () => {
    expect(parsed('`` `x` ``')).toEqual(expected('`x`', [code(0, 3)]));
    expect(parsed('`  two  `')).toEqual(expected(' two ', [code(0, 5)]));
    expect(parsed('` one` and `   `')).toEqual(expected(' one and    ', [code(0, 4), code(9, 3)]));
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

  it.each<[string, string, Api.TypeMessageEntity[], string, Api.TypeMessageEntity[]]>([
    [
      'a style cut short by code closes before the space',
      'a  cd',
      [bold(0, 1), italic(0, 4), code(3, 2)],
      '__**a**__  `cd`',
      [italic(0, 1), bold(0, 1), code(3, 2)],
    ],
    [
      'a style crossing into a quote',
      'ab\ncd',
      [bold(0, 4), quote(3, 2)],
      '**ab**\n> **c**d',
      [bold(0, 2), quote(3, 2), bold(3, 1)],
    ],
    [
      'a style crossing out of a quote',
      'ab\ncd',
      [spoiler(1, 4), quote(0, 2)],
      '> a||b||\n||cd||',
      [quote(0, 2), spoiler(1, 1), spoiler(3, 2)],
    ],
    [
      'code crossing into a quote',
      'ab\ncd',
      [code(0, 5), quote(3, 2)],
      '`ab`\n> `cd`',
      [code(0, 2), quote(3, 2), code(3, 2)],
    ],
    ['touching code spans', 'ab', [code(0, 1), code(1, 1)], '`a``b`', [code(0, 1), code(1, 1)]],
    ['code touching pre', 'ab', [code(0, 1), pre(1, 1)], '`a````\nb\n```', [code(0, 1), pre(1, 1)]],
    [
      'touching code with a backtick',
      'a`b',
      [code(0, 1), code(1, 2)],
      '`a``` `b ``',
      [code(0, 1), code(1, 2)],
    ],
    ['literal markers', 'say **hi** to _all_', [], 'say \\*\\*hi\\*\\* to \\_all\\_', []],
    ['a literal marker beside a marker', 'a*b', [bold(0, 2)], '**a\\***b', [bold(0, 2)]],
    ['a literal quote sign', 'x\n> not a quote', [bold(0, 1)], '**x**\n\\> not a quote', [bold(0, 1)]],
    ['a backslash before a marker', 'a\\', [bold(0, 2)], '**a\\\\**', [bold(0, 2)]],
    [
      'a quote starting mid-line',
      'He said: wise words',
      [quote(9, 10)],
      '> He said: wise words',
      [quote(0, 19)],
    ],
    [
      'overlapping styles of one kind',
      'ab',
      [quote(0, 2), bold(0, 2), bold(1, 1)],
      '> **ab**',
      [quote(0, 2), bold(0, 2)],
    ],
  ])('writes what reads back: %s', (_name, text, entities, markdown, back) => {
    expect(entitiesToMarkdown(text, entities, MARKED)).toBe(markdown);
    expect(parsed(markdown)).toEqual(expected(text, back));
  });

  it('survives random messages with random formatting', () => {
    const random = seededRandom(20_260_115);
    for (let round = 0; round < 3000; round += 1) {
      const text = randomText(random);
      const entities = randomEntities(random, text);
      const markdown = entitiesToMarkdown(text, entities, MARKED);
      const back = markdownToEntities(markdown);
      const context = JSON.stringify({ text, entities: shapes(entities), markdown });
      expect(back.text, context).toBe(text);
      // Entities split where the markdown had to close and reopen them come back as pieces,
      // which Telegram shows the same: compare what each visible code unit looks like.
      expect(parsedFormatting(text, back.entities), context).toEqual(carriedFormatting(text, entities));
    }
  });
});

/** The formatting of each code unit as Telegram shows the parser's entities; whitespace left out. */
function parsedFormatting(text: string, entities: readonly Api.TypeMessageEntity[]): string[] {
  return Array.from({ length: text.length }, (_unit, index) => {
    if (/\s/.test(text.charAt(index))) return '';
    const covering = entities.filter(
      (entity) => entity.offset <= index && index < entity.offset + entity.length,
    );
    return labelSet(
      covering.map(
        (entity) => LABELS[entity.className] ?? `link ${(entity as Api.MessageEntityTextUrl).url}`,
      ),
    );
  });
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

function labelSet(labels: readonly string[]): string {
  return [...new Set(labels)].sort().join(' + ');
}

/**
 * The formatting of each code unit as markdown can carry it, written independently of the
 * renderer: entitySpans' ranges (edges trimmed, whole characters); where links or code spans
 * overlap, the first in text order wins; a quote covers the whole lines of the visible
 * characters it covers; inside code, only the code, the quote and the styles over every unit
 * of that code span's part show. Whitespace is left out: markers move around it freely.
 */
function carriedFormatting(text: string, entities: readonly Api.TypeMessageEntity[]): string[] {
  const spans = entitySpans(text, entities, MARKED);
  const inTextOrder = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const firstCovering = (index: number, kinds: string[]) =>
    inTextOrder.find((span) => kinds.includes(span.style.kind) && span.start <= index && index < span.end);
  const quoted = quotedUnits(text, spans);
  const outsideCode = Array.from({ length: text.length }, (_unit, index) => {
    const labels: string[] = spans
      .filter((span) => ['bold', 'italic', 'strike', 'spoiler'].includes(span.style.kind))
      .filter((span) => span.start <= index && index < span.end)
      .map((span) => span.style.kind);
    const link = firstCovering(index, ['link'])?.style;
    if (link?.kind === 'link') labels.push(`link ${link.url.replace(/[ ()]/g, percentEncoded)}`);
    return labels;
  });
  const codeOwner = Array.from({ length: text.length }, (_unit, index) =>
    firstCovering(index, ['code', 'pre']),
  );
  return Array.from({ length: text.length }, (_unit, index) => {
    if (/\s/.test(text.charAt(index))) return '';
    const quote = quoted[index] ? ['quote'] : [];
    const code = codeOwner[index];
    if (code === undefined) return labelSet([...outsideCode[index]!, ...quote]);
    let start = index;
    let end = index + 1;
    while (start > 0 && codeOwner[start - 1] === code) start -= 1;
    while (end < text.length && codeOwner[end] === code) end += 1;
    const throughout = outsideCode[index]!.filter((label) =>
      outsideCode.slice(start, end).every((labels) => labels.includes(label)),
    );
    return labelSet([code.style.kind, ...throughout, ...quote]);
  });
}

function quotedUnits(text: string, spans: readonly Span[]): boolean[] {
  const quoted = Array<boolean>(text.length).fill(false);
  for (const span of spans.filter((candidate) => candidate.style.kind === 'quote')) {
    const visible = Array.from(
      { length: span.end - span.start },
      (_unit, offset) => span.start + offset,
    ).filter((index) => /\S/.test(text.charAt(index)));
    if (visible.length === 0) continue;
    const lineStart = text.lastIndexOf('\n', visible[0]!) + 1;
    const nextNewline = text.indexOf('\n', visible.at(-1)!);
    const lineEnd = nextNewline === -1 ? text.length : nextNewline;
    for (let index = lineStart; index < lineEnd; index += 1) quoted[index] = true;
  }
  return quoted;
}

function percentEncoded(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
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

/** Words, spaces, line breaks, emoji and every character markdown could mistake for markup. */
function randomText(random: () => number): string {
  const pieces = [
    ...['ab', 'cd', 'x', ' ', ' ', '  ', '\n', '\n', '😀', '👍🏽', '.', 'é', '42'],
    ...['*', '**', '_', '__', '~', '~~', '|', '||', '`', '```', '[', ']', '](', '(', ')', '> ', '>', '\\'],
  ];
  let text = '';
  const count = 1 + Math.floor(random() * 16);
  for (let index = 0; index < count; index += 1) text += pieces[Math.floor(random() * pieces.length)];
  return text;
}

/** Any entities on any ranges: overlapping, touching, nested, cutting emoji or lines in half. */
function randomEntities(random: () => number, text: string): Api.TypeMessageEntity[] {
  const makers = [
    bold,
    italic,
    strike,
    spoiler,
    code,
    (o: number, l: number) => pre(o, l, random() < 0.5 ? '' : 'js'),
    (o: number, l: number) => link(o, l, `https://x.org/${Math.floor(random() * 3)}`),
    quote,
  ];
  const count = Math.floor(random() * 7);
  return Array.from({ length: count }, () => {
    const offset = Math.floor(random() * text.length);
    const length = 1 + Math.floor(random() * (text.length - offset));
    return makers[Math.floor(random() * makers.length)]!(offset, length);
  });
}
