import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Api, helpers } from 'telegram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../support/engine-harness';
import type { FakeUser } from '../../support/fake-telegram';
import {
  startTelegramRuntimeTestbed,
  type TelegramRuntimeTestbed,
  WAIT_MS,
} from './telegram-runtime-testbed';

const TEST_TIMEOUT_MS = 30_000;
const FIXTURES = join(import.meta.dirname, '../../fixtures/media');
const PHOTO = readFileSync(join(FIXTURES, 'photo.jpg'));
const STICKER = readFileSync(join(FIXTURES, 'sticker.webp'));
const ANIMATED = readFileSync(join(FIXTURES, 'sticker.tgs'));

/**
 * Media on Telegram reaches the agent described: a runtime against the fake MTProto server and
 * the fake LLM server, through the real GramJS and Gemini SDK (downloads and describe calls).
 */
describe('media a Telegram partner sends, described for the agent', () => {
  let bed: TelegramRuntimeTestbed;
  let ada: FakeUser;
  let pat: FakeUser;

  beforeEach(async () => {
    bed = await startTelegramRuntimeTestbed({
      agents: [{ name: 'Ada', phone: '+15550000001' }],
      shippedPrompts: true,
    });
    ada = bed.fake.createUser({ phone: '+15550000001', firstName: 'Ada', username: 'ada_agent' });
    pat = bed.fake.createUser({ phone: '+15550000077', firstName: 'Pat', username: 'pat_r' });
  });

  afterEach(() => bed.close());

  it('puts a description of each sticker and photo in the prompt, asking the model once per file', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm } = bed;
    await bed.logIn('Ada', ada);
    const set = fake.createStickerSet({
      shortName: 'HappyCats',
      title: 'Happy Cats',
      stickers: [{ emoji: '😺', bytes: STICKER }],
    });
    const photo = fake.createPhoto({ bytes: PHOTO });
    llm.media.replyWith('a grinning cartoon cat');
    llm.media.replyWith('a lighthouse on a cliff at sunset');
    fake.userSays(pat.id, ada.id, '', { media: set.stickers[0]!.document });
    fake.userSays(pat.id, ada.id, 'look where I am', { media: photo });
    fake.userSays(pat.id, ada.id, 'same view again', { media: photo });

    const turn = await waitFor(
      () =>
        llm.requests.find(
          (request) => request.media.length === 0 && JSON.stringify(request.body).includes('lighthouse'),
        ),
      'a turn whose history has the descriptions',
      WAIT_MS,
    );
    const history = JSON.stringify(turn.body);
    expect(history).toContain(
      'a sticker 😺 from the set \\"Happy Cats\\" (HappyCats) that shows a grinning cartoon cat',
    );
    expect(history).toContain('a photo that shows a lighthouse on a cliff at sunset');
    expect(llm.timesShown(PHOTO)).toBe(1);
    expect(llm.timesShown(STICKER)).toBe(1);
    expect(llm.mediaRequests.map((request) => request.media[0]!.mimeType).sort()).toEqual([
      'image/jpeg',
      'image/webp',
    ]);
    expect(llm.mediaRequests.every((request) => /image/i.test(request.systemText))).toBe(true);
  });

  it('describes a custom emoji in the text, animated ones as frames, and names it after the emoji it stands for', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm } = bed;
    await bed.logIn('Ada', ada);
    const emoji = fake.createDocument({
      bytes: ANIMATED,
      mimeType: 'application/x-tgsticker',
      fileName: 'AnimatedSticker.tgs',
      attributes: [
        new Api.DocumentAttributeCustomEmoji({ alt: '🐱', stickerset: new Api.InputStickerSetEmpty() }),
      ],
    });
    llm.media.replyWith('a cartoon cat bouncing and changing colour');
    fake.userSays(pat.id, ada.id, 'look 🐱', {
      entities: [
        new Api.MessageEntityCustomEmoji({
          offset: 5,
          length: 2,
          documentId: helpers.returnBigInt(emoji.id.toString()),
        }),
      ],
    });

    const turn = await waitFor(
      () =>
        llm.requests.find(
          (request) => request.media.length === 0 && JSON.stringify(request.body).includes('bouncing'),
        ),
      'a turn with the custom emoji described',
      WAIT_MS,
    );
    expect(JSON.stringify(turn.body)).toContain(
      'a custom emoji 🐱 that shows a cartoon cat bouncing and changing colour',
    );
    const [describe] = llm.mediaRequests;
    expect(describe!.media.length).toBeGreaterThan(1);
    expect(describe!.media.every((item) => item.mimeType === 'image/png')).toBe(true);
  });

  it('describes the partner’s profile photo beside the conversation and shows it in the channel details', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm } = bed;
    fake.setProfilePhoto(pat.id, fake.createPhoto({ bytes: PHOTO }));
    await bed.logIn('Ada', ada);
    llm.media.replyWith('a smiling woman in a red scarf');
    fake.userSays(pat.id, ada.id, 'hello!');
    await waitFor(() => llm.timesShown(PHOTO) === 1, 'the profile photo to be described', WAIT_MS);
    fake.userSays(pat.id, ada.id, 'still there?');
    const turn = await waitFor(
      () => llm.requests.find((request) => request.systemText.includes('red scarf')),
      'a turn whose channel details have the photo',
      WAIT_MS,
    );
    expect(turn.systemText).toContain('- Profile photo: a smiling woman in a red scarf');
    expect(llm.timesShown(PHOTO)).toBe(1);
  });
});
