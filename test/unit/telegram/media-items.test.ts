import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import {
  fileUniqueId,
  isMediaItem,
  type MessageMediaContent,
  messageMediaContent,
  type StickerSetLookup,
  stickerSetInputsOf,
} from '../../../src/main/telegram/mapping';
import { document, long, message, overTheWire, photo, serviceMessage, stickerAttribute } from './tl-fixtures';

const noSets: StickerSetLookup = () => null;

const catsById = new Api.InputStickerSetID({ id: long(555), accessHash: long(556) });
const catsByName = new Api.InputStickerSetShortName({ shortName: 'CuteCats' });

/** Knows the set with id 555: "Cute Cats" (CuteCats). */
const knownCats: StickerSetLookup = (set) =>
  (set instanceof Api.InputStickerSetID && set.id.toString() === '555') ||
  (set instanceof Api.InputStickerSetShortName && set.shortName === 'CuteCats')
    ? { shortName: 'CuteCats', title: 'Cute Cats' }
    : null;

function contentOf(media: Api.TypeMessageMedia, stickerSets = noSets): MessageMediaContent[] {
  return messageMediaContent(message({ media }), stickerSets);
}

function onlyItem(media: Api.TypeMessageMedia, stickerSets = noSets) {
  const contents = contentOf(media, stickerSets);
  expect(contents).toHaveLength(1);
  const [content] = contents;
  if (content === undefined || !isMediaItem(content)) throw new Error('expected one media item');
  return content;
}

const documentMedia = (doc: Api.Document) => new Api.MessageMediaDocument({ document: doc });

describe('file unique ids', () => {
  it('are the decimal file id, signed as Telegram sends it, and survive the wire', () => {
    expect(fileUniqueId(overTheWire(photo('5109398279530679153')))).toBe('5109398279530679153');
    expect(fileUniqueId(overTheWire(document('-4611686018427387904', 'image/webp')))).toBe(
      '-4611686018427387904',
    );
  });
});

describe('messageMediaContent', () => {
  it('reads a photo', () => {
    const item = onlyItem(new Api.MessageMediaPhoto({ photo: photo(101) }));
    expect(item.part).toEqual({
      kind: 'media',
      mediaKind: 'photo',
      uniqueId: '101',
      description: null,
      mimeType: 'image/jpeg',
      fileSize: 51_200,
    });
    expect(item.file).toBeInstanceOf(Api.Photo);
    expect(item.durationSeconds).toBeNull();
  });

  it('reads a sticker with its emoji and the set the lookup knows', () => {
    const sticker = document(201, 'image/webp', [
      new Api.DocumentAttributeImageSize({ w: 512, h: 512 }),
      stickerAttribute('👋', catsById),
      new Api.DocumentAttributeFilename({ fileName: 'sticker.webp' }),
    ]);
    expect(onlyItem(documentMedia(sticker), knownCats).part).toEqual({
      kind: 'media',
      mediaKind: 'sticker',
      uniqueId: '201',
      description: null,
      mimeType: 'image/webp',
      fileName: 'sticker.webp',
      durationSeconds: null,
      fileSize: 2048,
      stickerSetName: 'CuteCats',
      stickerSetTitle: 'Cute Cats',
      stickerName: '👋',
    });
  });

  it('names a sticker’s set by its short name when only the sticker knows it, and by nothing when unresolved', () => {
    const byName = onlyItem(documentMedia(document(202, 'image/webp', [stickerAttribute('😺', catsByName)])));
    expect(byName.part).toMatchObject({
      stickerSetName: 'CuteCats',
      stickerSetTitle: null,
      stickerName: '😺',
    });
    const byId = onlyItem(documentMedia(document(203, 'image/webp', [stickerAttribute('😺', catsById)])));
    expect(byId.part).toMatchObject({ stickerSetName: null, stickerSetTitle: null, stickerName: '😺' });
    const setless = onlyItem(
      documentMedia(document(204, 'image/webp', [stickerAttribute('', new Api.InputStickerSetEmpty())])),
      knownCats,
    );
    expect(setless.part).toMatchObject({ mediaKind: 'sticker', stickerSetName: null, stickerName: null });
  });

  it('reads animated (TGS) and video (WEBM) stickers as stickers', () => {
    const animated = onlyItem(
      documentMedia(document(205, 'application/x-tgsticker', [stickerAttribute('🎉', catsById)])),
      knownCats,
    );
    expect(animated.part).toMatchObject({ mediaKind: 'sticker', mimeType: 'application/x-tgsticker' });
    const video = onlyItem(
      documentMedia(
        document(206, 'video/webm', [
          new Api.DocumentAttributeVideo({ duration: 2.5, w: 512, h: 512 }),
          stickerAttribute('🔥', catsById),
        ]),
      ),
      knownCats,
    );
    expect(video.part).toMatchObject({ mediaKind: 'sticker', mimeType: 'video/webm', stickerName: '🔥' });
    expect(video.durationSeconds).toBe(2.5);
    const bareTgs = onlyItem(documentMedia(document(207, 'application/x-tgsticker')));
    expect(bareTgs.part.mediaKind).toBe('sticker');
  });

  it('reads a GIF, whether Telegram stored it as a silent MP4 or as a GIF file', () => {
    const mp4 = onlyItem(
      documentMedia(
        document(301, 'video/mp4', [
          new Api.DocumentAttributeAnimated(),
          new Api.DocumentAttributeVideo({ duration: 3, w: 320, h: 240 }),
          new Api.DocumentAttributeFilename({ fileName: 'dance.mp4' }),
        ]),
      ),
    );
    expect(mp4.part).toMatchObject({ mediaKind: 'gif', mimeType: 'video/mp4', fileName: 'dance.mp4' });
    expect(mp4.durationSeconds).toBe(3);
    expect(onlyItem(documentMedia(document(302, 'image/gif'))).part.mediaKind).toBe('gif');
  });

  it('reads a video and a round video note with their durations', () => {
    const video = onlyItem(
      new Api.MessageMediaDocument({
        video: true,
        document: document(401, 'video/mp4', [
          new Api.DocumentAttributeVideo({ duration: 12.5, w: 1280, h: 720, supportsStreaming: true }),
          new Api.DocumentAttributeFilename({ fileName: 'beach.mp4' }),
        ]),
        altDocuments: [
          document(402, 'video/mp4', [new Api.DocumentAttributeVideo({ duration: 12.5, w: 640, h: 360 })]),
        ],
      }),
    );
    expect(video.part).toMatchObject({ mediaKind: 'video', uniqueId: '401', fileName: 'beach.mp4' });
    expect(video.durationSeconds).toBe(12.5);
    const round = onlyItem(
      new Api.MessageMediaDocument({
        round: true,
        document: document(403, 'video/mp4', [
          new Api.DocumentAttributeVideo({ roundMessage: true, duration: 7, w: 384, h: 384 }),
        ]),
      }),
    );
    expect(round.part).toMatchObject({ mediaKind: 'video', fileName: null });
    expect(round.durationSeconds).toBe(7);
    expect(onlyItem(documentMedia(document(404, 'video/quicktime'))).part.mediaKind).toBe('video');
  });

  it('reads music and voice notes as audio', () => {
    const song = onlyItem(
      documentMedia(
        document(501, 'audio/mpeg', [
          new Api.DocumentAttributeAudio({ duration: 180, title: 'Song', performer: 'Band' }),
          new Api.DocumentAttributeFilename({ fileName: 'song.mp3' }),
        ]),
      ),
    );
    expect(song.part).toMatchObject({ mediaKind: 'audio', mimeType: 'audio/mpeg', fileName: 'song.mp3' });
    expect(song.durationSeconds).toBe(180);
    const voice = onlyItem(
      new Api.MessageMediaDocument({
        voice: true,
        document: document(502, 'audio/ogg', [
          new Api.DocumentAttributeAudio({ voice: true, duration: 4, waveform: Buffer.from([0, 31, 8]) }),
        ]),
      }),
    );
    expect(voice.part).toMatchObject({ mediaKind: 'audio', mimeType: 'audio/ogg', fileName: null });
    expect(voice.durationSeconds).toBe(4);
    // An .m4a has a video container MIME family but is sound: the audio attribute decides.
    const m4a = onlyItem(
      documentMedia(document(503, 'audio/mp4', [new Api.DocumentAttributeAudio({ duration: 9 })])),
    );
    expect(m4a.part.mediaKind).toBe('audio');
    expect(onlyItem(documentMedia(document(504, 'audio/flac'))).part.mediaKind).toBe('audio');
  });

  it('reads any other file as a document with its name and MIME type', () => {
    const pdf = onlyItem(
      documentMedia(
        document(601, 'application/pdf', [new Api.DocumentAttributeFilename({ fileName: 'menu.pdf' })]),
      ),
    );
    expect(pdf.part).toEqual({
      kind: 'media',
      mediaKind: 'document',
      uniqueId: '601',
      description: null,
      mimeType: 'application/pdf',
      fileName: 'menu.pdf',
      durationSeconds: null,
      fileSize: 2048,
    });
    // A photo sent "as a file" keeps its original bytes and is a document in Telegram's clients.
    const jpegFile = onlyItem(
      documentMedia(
        document(602, 'image/jpeg', [new Api.DocumentAttributeFilename({ fileName: 'IMG_1.jpg' })]),
      ),
    );
    expect(jpegFile.part.mediaKind).toBe('document');
  });

  it('reads the photo and document of a link preview, each file once', () => {
    const page = (fields: Partial<ConstructorParameters<typeof Api.WebPage>[0]>) =>
      new Api.MessageMediaWebPage({
        webpage: new Api.WebPage({
          id: long(1),
          url: 'https://x.org',
          displayUrl: 'x.org',
          hash: 0,
          ...fields,
        }),
      });
    const both = contentOf(
      page({
        photo: photo(701),
        document: document(702, 'video/mp4', [new Api.DocumentAttributeAnimated()]),
      }),
    );
    expect(both.map((content) => isMediaItem(content) && content.part.uniqueId)).toEqual(['701', '702']);
    // Telegram may list one file as both the preview photo and its document.
    const twice = contentOf(page({ photo: photo(703), document: document(703, 'image/jpeg') }));
    expect(twice).toHaveLength(1);
    expect(
      contentOf(
        new Api.MessageMediaWebPage({
          webpage: new Api.WebPagePending({ id: long(2), url: 'https://x.org', date: 1 }),
        }),
      ),
    ).toEqual([]);
  });

  it('shows media that is not a file, or that self-destructed, as unknown parts', () => {
    expect(
      contentOf(
        new Api.MessageMediaGeo({ geo: new Api.GeoPoint({ long: 2.35, lat: 48.85, accessHash: long(1) }) }),
      ),
    ).toEqual([{ kind: 'unknown', partKind: 'location' }]);
    expect(
      contentOf(
        new Api.MessageMediaContact({
          phoneNumber: '15550001',
          firstName: 'Ann',
          lastName: '',
          vcard: '',
          userId: long(0),
        }),
      ),
    ).toEqual([{ kind: 'unknown', partKind: 'contact' }]);
    expect(contentOf(new Api.MessageMediaDice({ value: 6, emoticon: '🎲' }))).toEqual([
      { kind: 'unknown', partKind: 'dice' },
    ]);
    expect(contentOf(new Api.MessageMediaUnsupported())).toEqual([
      { kind: 'unknown', partKind: 'unsupported media' },
    ]);
    expect(contentOf(new Api.MessageMediaPhoto({ ttlSeconds: 10 }))).toEqual([
      { kind: 'unknown', partKind: 'expired photo' },
    ]);
    expect(contentOf(new Api.MessageMediaDocument({ ttlSeconds: 10 }))).toEqual([
      { kind: 'unknown', partKind: 'expired file' },
    ]);
    expect(contentOf(new Api.MessageMediaEmpty())).toEqual([]);
    expect(messageMediaContent(message({ message: 'just text' }), noSets)).toEqual([]);
  });

  it('reads the new photo of a "changed the group photo" event', () => {
    const changed = serviceMessage(new Api.MessageActionChatEditPhoto({ photo: photo(801) }));
    expect(
      messageMediaContent(changed, noSets).map((content) => isMediaItem(content) && content.part.uniqueId),
    ).toEqual(['801']);
    expect(messageMediaContent(serviceMessage(new Api.MessageActionHistoryClear()), noSets)).toEqual([]);
  });
});

describe('stickerSetInputsOf', () => {
  it('lists the sticker sets a message refers to, for the caller to resolve before mapping', () => {
    const sticker = message({
      media: documentMedia(document(201, 'image/webp', [stickerAttribute('👋', catsById)])),
    });
    const [input] = stickerSetInputsOf(sticker);
    expect(input).toBeInstanceOf(Api.InputStickerSetID);
    expect(input?.getBytes().equals(catsById.getBytes())).toBe(true);
    expect(stickerSetInputsOf(message({ media: new Api.MessageMediaPhoto({ photo: photo(1) }) }))).toEqual(
      [],
    );
    const setless = message({
      media: documentMedia(
        document(204, 'image/webp', [stickerAttribute('', new Api.InputStickerSetEmpty())]),
      ),
    });
    expect(stickerSetInputsOf(setless)).toEqual([]);
  });
});
