import { describe, expect, it } from 'vitest';
import type { MediaRecord } from '../../../src/main/config';
import { curatedStickers } from '../../../src/main/media/curated/curated-stickers';

function record(fields: Partial<MediaRecord>): MediaRecord {
  return {
    uniqueId: 'AgAD0',
    kind: 'sticker',
    description: null,
    status: 'curated',
    failureReason: null,
    retryable: false,
    mimeType: null,
    originalMimeType: null,
    mediaFile: null,
    duration: null,
    stickerSetName: null,
    stickerSetTitle: null,
    stickerName: null,
    isEmojiSet: null,
    descriptionRetryCount: 0,
    lastUsedAt: null,
    curatedBy: null,
    file: '/config/media/AgAD0.json',
    ...fields,
  };
}

describe('curatedStickers', () => {
  it('turns sticker records with a set and a name into sendable stickers', () => {
    const stickers = curatedStickers([
      record({
        uniqueId: 'AgAD1',
        stickerSetName: 'WendyDancer',
        stickerSetTitle: 'Wendy the Dancer',
        stickerName: '😀',
        description: 'a dancer grinning',
      }),
    ]);
    expect(stickers).toEqual([
      {
        setName: 'WendyDancer',
        setTitle: 'Wendy the Dancer',
        name: '😀',
        uniqueId: 'AgAD1',
        description: 'a dancer grinning',
      },
    ]);
  });

  it('leaves out other media and stickers that cannot be named', () => {
    const stickers = curatedStickers([
      record({ kind: 'photo', uniqueId: 'AgAD2' }),
      record({ uniqueId: 'AgAD3', stickerSetName: 'WendyDancer' }),
      record({ uniqueId: 'AgAD4', stickerName: '😀' }),
    ]);
    expect(stickers).toEqual([]);
  });

  it('keeps the first record of a set and name', () => {
    const stickers = curatedStickers([
      record({ uniqueId: 'AgAD5', stickerSetName: 'WendyDancer', stickerName: '😀' }),
      record({ uniqueId: 'AgAD6', stickerSetName: 'WendyDancer', stickerName: '😀' }),
    ]);
    expect(stickers.map((sticker) => sticker.uniqueId)).toEqual(['AgAD5']);
  });
});
