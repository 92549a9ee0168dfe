import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import {
  type ExportTextRun,
  entitiesToMarkdown,
  exportTextToMarkdown,
} from '../../../src/main/telegram/mapping';

/** The entity Telegram gives a formatted run, built independently of the code under test. */
function referenceEntity(type: string, offset: number, length: number): Api.TypeMessageEntity | null {
  const span = { offset, length };
  if (type === 'bold') return new Api.MessageEntityBold(span);
  if (type === 'italic') return new Api.MessageEntityItalic(span);
  if (type === 'strikethrough') return new Api.MessageEntityStrike(span);
  if (type === 'spoiler') return new Api.MessageEntitySpoiler(span);
  if (type === 'code') return new Api.MessageEntityCode(span);
  if (type === 'text_link') return new Api.MessageEntityTextUrl({ ...span, url: 'https://x.org/a' });
  return null;
}

/** What a live session archives for the same text and formatting. */
function live(runs: readonly ExportTextRun[]): string {
  let plain = '';
  const entities: Api.TypeMessageEntity[] = [];
  for (const run of runs) {
    const text = typeof run === 'string' ? run : run.text;
    const entity = typeof run === 'string' ? null : referenceEntity(run.type, plain.length, text.length);
    if (entity !== null) entities.push(entity);
    plain += text;
  }
  return entitiesToMarkdown(plain, entities);
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("an export's text as live sessions archive it", () => {
  it('keeps plain text as it is and escapes markup characters as live sessions do', () => {
    expect(exportTextToMarkdown('See you at 5, Zoë 👋')).toBe('See you at 5, Zoë 👋');
    expect(exportTextToMarkdown('snake_case and *stars*')).toBe(
      entitiesToMarkdown('snake_case and *stars*', []),
    );
  });

  it('writes formatted runs as markdown', () => {
    expect(exportTextToMarkdown(['I ', { type: 'bold', text: 'really' }, ' mean it'])).toBe(
      'I **really** mean it',
    );
    expect(
      exportTextToMarkdown([
        { type: 'italic', text: 'soon' },
        { type: 'strikethrough', text: 'now' },
      ]),
    ).toBe('__soon__~~now~~');
    expect(exportTextToMarkdown(['read ', { type: 'text_link', text: 'this', href: 'https://x.org' }])).toBe(
      'read [this](https://x.org)',
    );
    expect(exportTextToMarkdown(['hi ', { type: 'mention_name', text: 'Bo', user_id: 9003 }])).toBe(
      'hi [Bo](tg://user?id=9003)',
    );
    expect(exportTextToMarkdown([{ type: 'pre', text: 'print(1)', language: 'python' }])).toBe(
      '```python\nprint(1)\n```',
    );
  });

  it('shows links, mentions, hashtags and spoilers as their text', () => {
    expect(
      exportTextToMarkdown([
        { type: 'link', text: 'https://x.org' },
        ' ',
        { type: 'mention', text: '@pat' },
        ' ',
        { type: 'hashtag', text: '#tea' },
        ' ',
        { type: 'spoiler', text: 'secret' },
      ]),
    ).toBe('https://x.org @pat #tea secret');
  });

  it('writes any mix of runs exactly as entitiesToMarkdown does', () => {
    const next = random(7);
    const pieces = ['a', 'bc', ' ', 'Zoë', '👋', 'x y', '\n', ' d', 'e ', '*', '_', 'ok.'];
    const types = ['bold', 'italic', 'strikethrough', 'spoiler', 'code', 'text_link', 'link', 'mention'];
    for (let round = 0; round < 3_000; round += 1) {
      const runs: ExportTextRun[] = Array.from({ length: 1 + Math.floor(next() * 6) }, () => {
        const text = pieces[Math.floor(next() * pieces.length)]!;
        if (next() < 0.4) return text;
        const type = types[Math.floor(next() * types.length)]!;
        return type === 'text_link' ? { type, text, href: 'https://x.org/a' } : { type, text };
      });
      expect(exportTextToMarkdown(runs), JSON.stringify(runs)).toBe(live(runs));
    }
  });
});
