import { describe, expect, it } from 'vitest';
import { describeMediaPart } from '../../../src/main/conversation/media-sentence';
import { mediaPart } from './chat-msg';

describe('describeMediaPart', () => {
  it('says what a described photo, video, GIF or animation shows', () => {
    expect(describeMediaPart(mediaPart({ description: 'a harbour at dusk' }))).toBe(
      '⟦media⟧ ‹a photo that shows a harbour at dusk›',
    );
    expect(describeMediaPart(mediaPart({ mediaKind: 'video', description: 'a dog on a beach' }))).toBe(
      '⟦media⟧ ‹a video that shows a dog on a beach›',
    );
    expect(describeMediaPart(mediaPart({ mediaKind: 'gif', description: 'a cat falling over' }))).toBe(
      '⟦media⟧ ‹a GIF that shows a cat falling over›',
    );
    expect(describeMediaPart(mediaPart({ mediaKind: 'animation', description: 'confetti' }))).toBe(
      '⟦media⟧ ‹an animation that shows confetti›',
    );
  });

  it('says what audio sounds like', () => {
    expect(describeMediaPart(mediaPart({ mediaKind: 'audio', description: 'a woman laughing' }))).toBe(
      '⟦media⟧ ‹an audio clip that sounds like a woman laughing›',
    );
  });

  it('names a sticker by its emoji, set title and short name', () => {
    const sticker = mediaPart({
      mediaKind: 'sticker',
      description: 'a cat waving',
      stickerName: '👋',
      stickerSetTitle: 'Cute Cats',
      stickerSetName: 'CuteCats',
    });
    expect(describeMediaPart(sticker)).toBe(
      '⟦media⟧ ‹a sticker 👋 from the set "Cute Cats" (CuteCats) that shows a cat waving›',
    );
  });

  it('names a sticker set by whichever of title and short name it has, or calls it unknown', () => {
    const base = { mediaKind: 'sticker' as const, description: 'a wave', stickerName: '👋' };
    expect(describeMediaPart(mediaPart({ ...base, stickerSetName: 'CuteCats' }))).toBe(
      '⟦media⟧ ‹a sticker 👋 from the set "CuteCats" that shows a wave›',
    );
    expect(describeMediaPart(mediaPart({ ...base, stickerSetTitle: 'Cats', stickerSetName: 'Cats' }))).toBe(
      '⟦media⟧ ‹a sticker 👋 from the set "Cats" that shows a wave›',
    );
    expect(describeMediaPart(mediaPart({ ...base, stickerName: null }))).toBe(
      '⟦media⟧ ‹a sticker from an unknown set that shows a wave›',
    );
  });

  it('names a document by its file name, else by its type', () => {
    expect(
      describeMediaPart(
        mediaPart({ mediaKind: 'document', fileName: 'menu.pdf', description: 'a lunch menu' }),
      ),
    ).toBe('⟦media⟧ ‹a document named "menu.pdf" that shows a lunch menu›');
    expect(
      describeMediaPart(
        mediaPart({ mediaKind: 'document', mimeType: 'application/pdf', description: 'a lunch menu' }),
      ),
    ).toBe('⟦media⟧ ‹a document (application/pdf) that shows a lunch menu›');
  });

  it('gives the reason when the media could not be analyzed', () => {
    expect(describeMediaPart(mediaPart({ mediaKind: 'video', failureReason: 'longer than 10 s' }))).toBe(
      '⟦media⟧ ‹a video that could not be analyzed (longer than 10 s)›',
    );
  });

  it('says the media is not understood when description ran but produced nothing', () => {
    expect(describeMediaPart(mediaPart({ description: '  ' }))).toBe(
      '⟦media⟧ ‹a photo that is not understood›',
    );
    expect(describeMediaPart(mediaPart({ description: null, failureReason: '' }))).toBe(
      '⟦media⟧ ‹a photo that is not understood›',
    );
  });

  it('shows a placeholder with the unique id for media not described yet', () => {
    expect(describeMediaPart(mediaPart({ uniqueId: 'AgADq9' }))).toBe('⟦photo present uid=AgADq9⟧');
    expect(describeMediaPart(mediaPart({ mediaKind: 'sticker', uniqueId: 'CAAD1', stickerName: '🙂' }))).toBe(
      '⟦sticker present uid=CAAD1⟧',
    );
  });

  it('names a custom emoji by the emoji it stands for, without a set', () => {
    expect(
      describeMediaPart(
        mediaPart({
          mediaKind: 'sticker',
          customEmoji: true,
          stickerName: '👋',
          description: 'a hand waving, sparkling',
        }),
      ),
    ).toBe('⟦media⟧ ‹a custom emoji 👋 that shows a hand waving, sparkling›');
  });
});
