import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { isPremiumSticker, stickerRefsFromSet } from '../../../src/main/telegram/mapping';
import { document, long, overTheWire, stickerAttribute } from './tl-fixtures';

const cats = new Api.InputStickerSetID({ id: long(555), accessHash: long(556) });

function sticker(id: number, alt: string, premium = false): Api.Document {
  return document(id, 'image/webp', [stickerAttribute(alt, cats)], {
    videoThumbs: premium ? [new Api.VideoSize({ type: 'f', w: 512, h: 512, size: 40_000 })] : undefined,
  });
}

/** `messages.getStickerSet`'s answer for "Cute Cats" (CuteCats), read back from the wire. */
function catsSet(documents: Api.Document[], packs: Api.StickerPack[] = []): Api.messages.StickerSet {
  return overTheWire(
    new Api.messages.StickerSet({
      set: new Api.StickerSet({
        id: long(555),
        accessHash: long(556),
        title: 'Cute Cats',
        shortName: 'CuteCats',
        count: documents.length,
        hash: 0,
      }),
      packs,
      keywords: [],
      documents,
    }),
  );
}

describe('isPremiumSticker', () => {
  it('recognises a premium sticker by its full-screen effect thumbnail', () => {
    expect(isPremiumSticker(overTheWire(sticker(1, '😺', true)))).toBe(true);
    expect(isPremiumSticker(overTheWire(sticker(2, '😺')))).toBe(false);
    const videoPreview = document(3, 'image/webp', [], {
      videoThumbs: [new Api.VideoSize({ type: 'v', w: 100, h: 100, size: 10 })],
    });
    expect(isPremiumSticker(overTheWire(videoPreview))).toBe(false);
    expect(isPremiumSticker(new Api.DocumentEmpty({ id: long(4) }))).toBe(false);
  });
});

describe('stickerRefsFromSet', () => {
  it('keys each sticker by the set’s short name and its emoji', () => {
    const refs = stickerRefsFromSet(catsSet([sticker(11, '👋'), sticker(12, '😴')]), {
      includePremium: true,
    });
    expect(refs).toEqual([
      { setName: 'CuteCats', setTitle: 'Cute Cats', name: '👋', uniqueId: '11', description: null },
      { setName: 'CuteCats', setTitle: 'Cute Cats', name: '😴', uniqueId: '12', description: null },
    ]);
  });

  it('keeps the first sticker of an emoji, falls back to the packs, then to the sticker’s id', () => {
    const packs = [new Api.StickerPack({ emoticon: '🐟', documents: [long(22)] })];
    const refs = stickerRefsFromSet(
      catsSet([sticker(21, '👋'), sticker(22, ''), sticker(23, '👋'), sticker(24, '')], packs),
      {
        includePremium: true,
      },
    );
    expect(refs.map((ref) => [ref.name, ref.uniqueId])).toEqual([
      ['👋', '21'],
      ['🐟', '22'],
      ['sticker_24', '24'],
    ]);
  });

  it('leaves out premium stickers for accounts without Premium, and adds known descriptions', () => {
    const set = catsSet([sticker(31, '👋'), sticker(32, '🎉', true)]);
    expect(stickerRefsFromSet(set, { includePremium: false }).map((ref) => ref.uniqueId)).toEqual(['31']);
    const described = stickerRefsFromSet(set, {
      includePremium: true,
      describe: (uniqueId) => (uniqueId === '32' ? 'a cat throwing confetti' : null),
    });
    expect(described.map((ref) => ref.description)).toEqual([null, 'a cat throwing confetti']);
  });

  it('gives nothing for a set that has not changed since the caller’s copy', () => {
    expect(stickerRefsFromSet(new Api.messages.StickerSetNotModified(), { includePremium: true })).toEqual(
      [],
    );
  });
});
