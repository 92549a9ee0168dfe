import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { entitiesToMarkdown, type MarkdownOptions } from '../../../src/main/telegram/mapping';
import { long, message } from './tl-fixtures';

/** Renders `text` as received: the entities travel in a real message over the wire first. */
function render(text: string, entities: Api.TypeMessageEntity[], options?: MarkdownOptions): string {
  const received = message({ message: text, entities });
  return entitiesToMarkdown(received.message, received.entities, options);
}

const bold = (offset: number, length: number) => new Api.MessageEntityBold({ offset, length });
const italic = (offset: number, length: number) => new Api.MessageEntityItalic({ offset, length });
const code = (offset: number, length: number) => new Api.MessageEntityCode({ offset, length });

describe('entitiesToMarkdown', () => {
  it('leaves text without entities as it is, markup characters aside', () => {
    expect(render('plain text with [brackets], 2 * 3 and snake_case', [])).toBe(
      'plain text with [brackets], 2 * 3 and snake_case',
    );
    expect(entitiesToMarkdown('', undefined)).toBe('');
    expect(entitiesToMarkdown('no list', null)).toBe('no list');
  });

  it('escapes literal markup characters only where markdown would read them as markup', () => {
    expect(render('plain *text* and __init__', [])).toBe('plain \\*text\\* and \\_\\_init\\_\\_');
    expect(render('~~old~~ ||secret|| [x](y)', [])).toBe('\\~\\~old\\~\\~ \\|\\|secret\\|\\| \\[x\\](y)');
    expect(render('a `b` c`', [])).toBe('a \\`b\\` c`');
    expect(render('> no quote\n>\nx > y', [])).toBe('\\> no quote\n\\>\nx > y');
    expect(render('C:\\Users\\* and C:\\Users\\x', [])).toBe('C:\\Users\\\\\\* and C:\\Users\\x');
    expect(render('snake_case', [italic(0, 5)])).toBe('__snake__\\_case');
  });

  it('writes each style in the markdown the agent writes back', () => {
    expect(render('bold', [bold(0, 4)])).toBe('**bold**');
    expect(render('italic', [italic(0, 6)])).toBe('__italic__');
    expect(render('gone', [new Api.MessageEntityStrike({ offset: 0, length: 4 })])).toBe('~~gone~~');
    expect(render('run npm test', [code(4, 8)])).toBe('run `npm test`');
    expect(render('print(1)', [new Api.MessageEntityPre({ offset: 0, length: 8, language: 'python' })])).toBe(
      '```python\nprint(1)\n```',
    );
    expect(
      render('docs here', [new Api.MessageEntityTextUrl({ offset: 0, length: 4, url: 'https://x.org' })]),
    ).toBe('[docs](https://x.org) here');
    expect(
      render('hi Bo', [new Api.MessageEntityMentionName({ offset: 3, length: 2, userId: long(9003) })]),
    ).toBe('hi [Bo](tg://user?id=9003)');
  });

  it('shows underline, mentions, hashtags, commands and plain URLs as the text they are', () => {
    const text = 'hey @bo #tag /start https://x.org mail@x.org';
    expect(
      render(text, [
        new Api.MessageEntityUnderline({ offset: 0, length: 3 }),
        new Api.MessageEntityMention({ offset: 4, length: 3 }),
        new Api.MessageEntityHashtag({ offset: 8, length: 4 }),
        new Api.MessageEntityBotCommand({ offset: 13, length: 6 }),
        new Api.MessageEntityUrl({ offset: 20, length: 13 }),
        new Api.MessageEntityEmail({ offset: 34, length: 10 }),
      ]),
    ).toBe(text);
  });

  it('renders spoilers as plain text unless asked to mark them', () => {
    const spoiler = [new Api.MessageEntitySpoiler({ offset: 8, length: 4 })];
    expect(render('it was Bob', [])).toBe('it was Bob');
    expect(render('ends so: Bob!', spoiler)).toBe('ends so: Bob!');
    expect(render('ends so: Bob!', spoiler, { spoilers: 'marked' })).toBe('ends so: ||Bob||!');
  });

  it('nests a style inside another', () => {
    expect(render('hello world', [bold(0, 11), italic(6, 5)])).toBe('**hello __world__**');
    expect(render('both', [italic(0, 4), bold(0, 4)])).toBe('**__both__**');
    expect(render('a b c', [italic(2, 1), bold(0, 5)])).toBe('**a __b__ c**');
  });

  it('closes and reopens styles whose ranges overlap, so the markers still nest', () => {
    expect(render('abcdefgh', [bold(0, 5), italic(3, 5)])).toBe('**abc__de__**__fgh__');
    expect(render('abcdefgh', [italic(3, 5), bold(0, 5)])).toBe('**abc__de__**__fgh__');
    expect(render('one two three', [bold(0, 7), italic(4, 9)])).toBe('**one __two__** __three__');
    expect(
      render('read the docs', [
        bold(0, 8),
        new Api.MessageEntityTextUrl({ offset: 5, length: 8, url: 'https://x.org' }),
      ]),
    ).toBe('**read [the](https://x.org)** [docs](https://x.org)');
  });

  it('counts offsets in UTF-16 code units, so emoji before an entity do not shift it', () => {
    // 😀 is two code units, 👍🏽 four, 🇺🇦 four: "bold" starts at 2 + 1 + 4 + 1 + 4 + 1 = 13.
    expect(render('😀 👍🏽 🇺🇦 bold', [bold(13, 4)])).toBe('😀 👍🏽 🇺🇦 **bold**');
    expect(render('😀😀', [bold(2, 2)])).toBe('😀**😀**');
    expect(render('say 😀', [italic(4, 2)])).toBe('say __😀__');
  });

  it('never cuts an emoji in half when an entity boundary falls inside it', () => {
    expect(render('😀x', [bold(1, 2)])).toBe('**😀x**');
    expect(render('x😀y', [bold(0, 2)])).toBe('**x😀**y');
  });

  it('renders entities that end with the text', () => {
    expect(render('say hi', [bold(4, 2)])).toBe('say **hi**');
    expect(render('say hi', [bold(4, 2), italic(0, 6)])).toBe('__say **hi**__');
  });

  it('clamps entities reaching past the text and ignores ones outside it or of no length', () => {
    expect(render('short', [bold(2, 100)])).toBe('sh**ort**');
    expect(render('short', [bold(50, 3)])).toBe('short');
    expect(render('short', [italic(1, 0)])).toBe('short');
    expect(entitiesToMarkdown('short', [new Api.MessageEntityBold({ offset: -2, length: 4 })])).toBe(
      '**sh**ort',
    );
    expect(entitiesToMarkdown('short', [new Api.MessageEntityBold({ offset: 1, length: -3 })])).toBe('short');
  });

  it('keeps markers next to the words, leaving surrounding spaces outside', () => {
    expect(render('hello there', [bold(0, 6)])).toBe('**hello** there');
    expect(render('a  b', [bold(1, 2)])).toBe('a  b');
  });

  it('writes a link whose text is its own address as the plain address', () => {
    const url = 'https://x.org/page';
    expect(render(url, [new Api.MessageEntityTextUrl({ offset: 0, length: url.length, url })])).toBe(url);
    expect(
      render('x.org', [new Api.MessageEntityTextUrl({ offset: 0, length: 5, url: 'https://x.org' })]),
    ).toBe('x.org');
  });

  it('keeps link targets with spaces or parentheses in one piece', () => {
    expect(
      render('wiki', [
        new Api.MessageEntityTextUrl({
          offset: 0,
          length: 4,
          url: 'https://en.wikipedia.org/wiki/Foo_(bar) x',
        }),
      ]),
    ).toBe('[wiki](https://en.wikipedia.org/wiki/Foo_%28bar%29%20x)');
  });

  it('never styles inside code, and fences code that contains backticks', () => {
    expect(render('run npm test', [code(4, 8), bold(8, 4)])).toBe('run `npm test`');
    expect(render('run npm test', [bold(0, 12), code(4, 8)])).toBe('**run `npm test`**');
    expect(render('ab cd', [bold(0, 4), code(3, 2)])).toBe('**ab** `cd`');
    expect(render('use `x` here', [code(0, 12)])).toBe('``use `x` here``');
  });

  it('quotes whole lines, since `> ` only counts at the start of one', () => {
    const quote = (offset: number, length: number) => new Api.MessageEntityBlockquote({ offset, length });
    expect(render('He said: wise words', [quote(9, 10)])).toBe('> He said: wise words');
    expect(render('one\ntwo three\nfour', [quote(2, 6)])).toBe('> one\n> two three\nfour');
    expect(render('a\n\nb', [quote(0, 4)])).toBe('> a\n>\n> b');
  });

  it('quotes every line of a blockquote', () => {
    const text = 'She said:\nline one\nline two\nafter';
    const quote = new Api.MessageEntityBlockquote({ offset: 10, length: 18 });
    expect(render(text, [quote])).toBe('She said:\n> line one\n> line two\nafter');
    expect(render(text, [quote, bold(15, 3)])).toBe('She said:\n> line **one**\n> line two\nafter');
    const pre = new Api.MessageEntityPre({ offset: 6, length: 4, language: '' });
    expect(render('Look:\ncode\nend', [new Api.MessageEntityBlockquote({ offset: 6, length: 4 }), pre])).toBe(
      'Look:\n> ```\n> code\n> ```\nend',
    );
  });
});
