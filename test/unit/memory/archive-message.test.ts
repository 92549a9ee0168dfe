import { describe, expect, it } from 'vitest';
import { searchableText } from '../../../src/main/memory';

describe('what a search reads of a message', () => {
  it('keeps the words, what media shows and what happened, one part a line, without markers', () => {
    expect(
      searchableText([
        { kind: 'text', text: 'Look at this' },
        {
          kind: 'media',
          mediaKind: 'photo',
          uniqueId: 'p1',
          description: 'a red kite over the dunes',
          fileName: 'kite.jpg',
        },
        { kind: 'service', text: 'Pat changed the group name to Kites' },
        { kind: 'unknown', partKind: 'poll' },
      ]),
    ).toBe('Look at this\nphoto kite.jpg a red kite over the dunes\nPat changed the group name to Kites');
  });

  it('leaves out blank descriptions and names', () => {
    expect(
      searchableText([
        { kind: 'media', mediaKind: 'sticker', uniqueId: 's', description: null, stickerName: ' ' },
      ]),
    ).toBe('sticker');
  });
});
