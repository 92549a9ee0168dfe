import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Api, helpers } from 'telegram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryItem, MediaJob } from '../../../src/shared/api/media-contract';
import { callApi, waitFor } from '../../support/engine-harness';
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

/** Imports the HappyCats set into `configDir` through Ada; resolves to the finished job. */
async function importSet(runtime: TelegramRuntimeTestbed['runtime'], configDir: string): Promise<MediaJob> {
  const { job } = (await callApi(runtime, 'media.startJob', {
    kind: 'import-set',
    agent: 'Ada',
    network: 'telegram',
    setName: 'HappyCats',
    configDir,
  })) as { job: MediaJob };
  return waitFor(
    async () => {
      const { jobs } = (await callApi(runtime, 'media.jobs')) as { jobs: MediaJob[] };
      const found = jobs.find((candidate) => candidate.id === job.id);
      return found?.status === 'done' ? found : null;
    },
    'the import to finish',
    WAIT_MS,
  );
}

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
      secondConfigDir: true,
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

  it('imports a sticker set through the agent’s account into a config directory, described, as a job', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { fake, llm, runtime, configDir } = bed;
    await bed.logIn('Ada', ada);
    const set = fake.createStickerSet({
      shortName: 'HappyCats',
      title: 'Happy Cats',
      stickers: [
        { emoji: '😺', bytes: STICKER },
        { emoji: '🐱', bytes: ANIMATED },
      ],
    });
    llm.media.replyWith('a grinning cartoon cat');
    llm.media.replyWith('a cat bouncing and changing colour');
    const finished = await importSet(runtime, configDir);
    expect(finished).toMatchObject({ total: 2, done: 2, kept: 0, failed: 0 });
    const [webp, tgs] = set.stickers.map((sticker) =>
      JSON.parse(readFileSync(join(configDir, 'media', `${sticker.document.id}.json`), 'utf8')),
    );
    expect(webp).toMatchObject({
      kind: 'sticker',
      sticker_set_name: 'HappyCats',
      sticker_name: '😺',
      status: 'generated',
      mime_type: 'image/webp',
      media_file: `${set.stickers[0]!.document.id}.webp`,
    });
    expect(tgs).toMatchObject({
      sticker_name: '🐱',
      mime_type: 'application/x-tgsticker',
      media_file: `${set.stickers[1]!.document.id}.tgs`,
    });
    expect([webp.description, tgs.description].sort()).toEqual([
      'a cat bouncing and changing colour',
      'a grinning cartoon cat',
    ]);
    // The editor lists them as curated records of the directory.
    const { records } = (await callApi(runtime, 'media.list', {
      location: { kind: 'curated', configDir },
    })) as {
      records: { uniqueId: string }[];
    };
    expect(records).toHaveLength(2);

    // The operator corrects one and keeps it in the other directory; importing again into the
    // first leaves both as they are: a new record there would hide the correction.
    const grinning = set.stickers[0]!.document.id.toString();
    await callApi(runtime, 'media.setDescription', {
      uniqueId: grinning,
      description: 'a cat grinning from ear to ear',
      configDir,
    });
    await callApi(runtime, 'media.move', {
      uniqueId: grinning,
      from: { kind: 'curated', configDir },
      to: { kind: 'curated', configDir: bed.secondConfigDir },
    });
    const again = await importSet(runtime, configDir);
    expect(again).toMatchObject({ total: 2, done: 0, kept: 2, failed: 0 });
    expect(existsSync(join(configDir, 'media', `${grinning}.json`))).toBe(false);
    expect(llm.mediaRequests).toHaveLength(2);
    const { records: copies } = (await callApi(runtime, 'media.get', { uniqueId: grinning })) as {
      records: { description: string; location: { configDir?: string } }[];
    };
    expect(copies).toMatchObject([
      { description: 'a cat grinning from ear to ear', location: { configDir: bed.secondConfigDir } },
    ]);
  });

  it('keeps the agent’s library in its Saved Messages: a file added from the console is listed, described, and removed', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { llm, runtime } = bed;
    await bed.logIn('Ada', ada);
    const ref = { agent: 'Ada', network: 'telegram' };
    const { item } = (await callApi(runtime, 'media.addToLibrary', {
      ...ref,
      fileName: 'harbour.jpg',
      dataBase64: PHOTO.toString('base64'),
    })) as { item: LibraryItem };
    expect(item).toMatchObject({ kind: 'photo', description: null });

    llm.media.replyWith('a harbour at dusk');
    const described = await waitFor(
      async () => {
        const { items } = (await callApi(runtime, 'media.library', ref)) as { items: LibraryItem[] };
        return items.find((entry) => entry.uniqueId === item.uniqueId && entry.description !== null);
      },
      'the library item to be described',
      WAIT_MS,
    );
    expect(described.description).toBe('a harbour at dusk');
    expect(llm.timesShown(PHOTO)).toBe(1);

    // An agent keeps it in Saved Messages: the cached description cannot be deleted under it.
    await expect(
      callApi(runtime, 'media.delete', { uniqueId: item.uniqueId, location: { kind: 'cache' } }),
    ).rejects.toThrow(/conflict: Ada has it in Saved Messages/);

    await callApi(runtime, 'media.removeFromLibrary', { ...ref, uniqueId: item.uniqueId });
    const { items } = (await callApi(runtime, 'media.library', ref)) as { items: LibraryItem[] };
    expect(items).toEqual([]);
    await expect(
      callApi(runtime, 'media.removeFromLibrary', { ...ref, uniqueId: item.uniqueId }),
    ).rejects.toThrow(/not_found/);
  });
});
