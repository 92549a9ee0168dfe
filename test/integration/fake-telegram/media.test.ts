import { randomBytes } from 'node:crypto';
import { Api, helpers } from 'telegram';
import { describe, expect, it } from 'vitest';
import { withTimeout } from '../../support/fake-telegram';
import { inputPeer, loggedInClient, STEP_MS, TEST_TIMEOUT_MS, useFakeTelegram } from './fixture';

describe('fake Telegram: stickers and files', () => {
  const fake = useFakeTelegram();

  it('lists installed sticker sets, serves a set, and downloads its sticker byte for byte', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+1 555 020 0001', firstName: 'Agent' });
    // Larger than GramJS's 512 KiB download chunk, so the download takes several upload.getFile calls.
    const bytes = randomBytes(700_000);
    fake().createStickerSet({
      shortName: 'FakeCats',
      title: 'Fake Cats',
      stickers: [
        { emoji: '😺', bytes },
        { emoji: '😿', premium: true },
      ],
      installedBy: [agent.id],
    });
    const client = await loggedInClient(fake(), agent);

    const all = await withTimeout(
      client.invoke(new Api.messages.GetAllStickers({ hash: helpers.returnBigInt(0) })),
      STEP_MS,
      'getAllStickers',
    );
    expect(all).toBeInstanceOf(Api.messages.AllStickers);
    expect((all as Api.messages.AllStickers).sets.map((set) => set.shortName)).toEqual(['FakeCats']);

    const set = await withTimeout(
      client.invoke(
        new Api.messages.GetStickerSet({
          stickerset: new Api.InputStickerSetShortName({ shortName: 'FakeCats' }),
          hash: 0,
        }),
      ),
      STEP_MS,
      'getStickerSet',
    );
    if (!(set instanceof Api.messages.StickerSet)) throw new Error(`got ${set.className}`);
    expect(set.packs.map((pack) => pack.emoticon)).toEqual(['😺', '😿']);
    const [cat, premiumCat] = set.documents as Api.Document[];
    expect(
      cat?.attributes.find((attribute) => attribute instanceof Api.DocumentAttributeSticker),
    ).toMatchObject({
      alt: '😺',
    });
    expect(cat?.videoThumbs ?? []).toEqual([]);
    expect(premiumCat?.videoThumbs?.[0]).toMatchObject({ type: 'f' });

    const downloaded = await withTimeout(
      client.downloadMedia(new Api.MessageMediaDocument({ document: cat })),
      STEP_MS,
      'download',
    );
    expect(Buffer.isBuffer(downloaded) && downloaded.equals(bytes)).toBe(true);
    expect(fake().calls.filter((call) => call.method === 'upload.GetFile').length).toBeGreaterThan(1);
  });

  it('sends a sticker by its document and refuses a premium one to a non-Premium account', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agent = fake().createUser({ phone: '+1 555 020 0002', firstName: 'Agent' });
    const alice = fake().createUser({ phone: '+1 555 020 0003', firstName: 'Alice' });
    const set = fake().createStickerSet({
      shortName: 'Dogs',
      stickers: [{ emoji: '🐶' }, { emoji: '🐺', premium: true }],
    });
    const [dog, wolf] = set.stickers;
    if (!dog || !wolf) throw new Error('stickers missing');
    const client = await loggedInClient(fake(), agent);
    const media = (file: typeof dog.document) =>
      new Api.InputMediaDocument({
        id: new Api.InputDocument({
          id: helpers.returnBigInt(file.id),
          accessHash: helpers.returnBigInt(file.accessHash),
          fileReference: file.fileReference,
        }),
      });
    const send = (file: typeof dog.document) =>
      client.invoke(
        new Api.messages.SendMedia({
          peer: inputPeer(alice),
          media: media(file),
          message: '',
          randomId: helpers.generateRandomLong(),
        }),
      );

    const sent = await withTimeout(send(dog.document), STEP_MS, 'sendMedia');
    expect(sent).toBeInstanceOf(Api.Updates);
    expect(
      fake()
        .messagesBetween(alice.id, agent.id)
        .map((message) => message.mediaId),
    ).toEqual([dog.document.id]);

    await expect(withTimeout(send(wolf.document), STEP_MS, 'premium sendMedia')).rejects.toMatchObject({
      errorMessage: 'PREMIUM_ACCOUNT_REQUIRED',
    });
  });

  it('delivers a person’s photo that the client can download', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agent = fake().createUser({ phone: '+1 555 020 0004', firstName: 'Agent' });
    const alice = fake().createUser({ phone: '+1 555 020 0005', firstName: 'Alice' });
    const photo = fake().createPhoto({ bytes: randomBytes(10_000) });
    fake().userSays(alice.id, agent.id, 'look', { media: photo });
    const client = await loggedInClient(fake(), agent);

    const [message] = await withTimeout(
      client.getMessages(inputPeer(alice), { limit: 1 }),
      STEP_MS,
      'getMessages',
    );
    expect(message?.photo?.id.toString()).toBe(photo.id.toString());
    const downloaded = await withTimeout(client.downloadMedia(message as Api.Message), STEP_MS, 'download');
    expect(Buffer.isBuffer(downloaded) && downloaded.equals(photo.bytes)).toBe(true);
  });
});
