import { Api } from 'telegram';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { SAVED_MESSAGES_TTL_MS } from '../../../src/main/telegram/port';
import { type FakeFile, withTimeout } from '../../support/fake-telegram';
import { startTelegramTestbed, TEST_TIMEOUT_MS } from './telegram-fixture';

const STEP_MS = 8_000;

/** Polls an asynchronous condition until it holds. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${STEP_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setup() {
  const clock = new ManualClock();
  const testbed = await startTelegramTestbed({ clock });
  const { fake } = testbed;
  const agent = fake.createUser({ phone: '+1 555 060 0001', firstName: 'Agent', username: 'agent_m' });
  const alice = fake.createUser({ phone: '+1 555 060 0002', firstName: 'Alice', username: 'alice_m' });
  fake.addContact(agent.id, alice.id);
  const connect = async () => {
    const view = await testbed.accounts.connect('A', await testbed.connectOptions(agent));
    expect(view.connection).toBe('connected');
  };
  /** The operator saves a file in the agent's Saved Messages. */
  const save = (media: FakeFile) => fake.userSays(agent.id, agent.id, '', { media });
  const scans = () => fake.calls.filter((call) => call.method === 'messages.GetHistory').length;
  return { clock, testbed, fake, agent, alice, connect, save, scans };
}

describe('Telegram port: the media library in Saved Messages', () => {
  it('lists each saved photo, video, GIF, audio and file once with its kind, newest first, stickers apart', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, connect, save, scans } = await setup();
    try {
      const photo = fake.createPhoto();
      const video = fake.createDocument({
        mimeType: 'video/mp4',
        attributes: [new Api.DocumentAttributeVideo({ duration: 12, w: 640, h: 360 })],
      });
      const gif = fake.createDocument({
        mimeType: 'video/mp4',
        attributes: [
          new Api.DocumentAttributeVideo({ duration: 3, w: 320, h: 240 }),
          new Api.DocumentAttributeAnimated(),
        ],
      });
      const audio = fake.createDocument({
        mimeType: 'audio/ogg',
        attributes: [new Api.DocumentAttributeAudio({ duration: 40, voice: true })],
      });
      const pdf = fake.createDocument({ mimeType: 'application/pdf', fileName: 'menu.pdf' });
      const cats = fake.createStickerSet({ shortName: 'Cats', stickers: [{ emoji: '😺' }] });
      for (const media of [photo, video, gif, audio, pdf, cats.stickers[0]!.document, photo]) save(media);
      fake.userSays(agent.id, agent.id, 'a note to self');
      await connect();

      const before = scans();
      const [media, stickers] = await Promise.all([
        testbed.port.listMedia('A'),
        testbed.port.listStickers('A'),
      ]);
      expect(media).toEqual([
        { uniqueId: photo.id.toString(), kind: 'photo', description: null },
        { uniqueId: pdf.id.toString(), kind: 'document', description: null },
        { uniqueId: audio.id.toString(), kind: 'audio', description: null },
        { uniqueId: gif.id.toString(), kind: 'gif', description: null },
        { uniqueId: video.id.toString(), kind: 'video', description: null },
      ]);
      expect(stickers.map((sticker) => sticker.uniqueId)).toEqual([cats.stickers[0]!.document.id.toString()]);
      // Stickers and media come from one scan of Saved Messages.
      expect(scans() - before).toBe(1);
    } finally {
      await testbed.close();
    }
  });

  it('reads Saved Messages whole, page after page, then keeps the library current from updates', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { clock, testbed, fake, agent, connect, save, scans } = await setup();
    try {
      // The oldest file lies beyond the first hundred saved messages.
      const oldest = fake.createPhoto();
      save(oldest);
      for (let note = 0; note < 150; note++) fake.userSays(agent.id, agent.id, `note ${note}`);
      const newer = fake.createDocument({ mimeType: 'application/pdf' });
      save(newer);
      await connect();
      const ids = async () => (await testbed.port.listMedia('A')).map((item) => item.uniqueId);
      expect(await ids()).toEqual([newer.id.toString(), oldest.id.toString()]);
      const afterRead = scans();
      expect(afterRead).toBeGreaterThanOrEqual(2);

      // Saved and deleted from another client: the library follows without reading again.
      const later = fake.createPhoto();
      const saved = save(later);
      await until(async () => (await ids())[0] === later.id.toString(), 'the new file listed');
      fake.userDeletes(agent.id, [saved]);
      await until(async () => !(await ids()).includes(later.id.toString()), 'the deleted file gone');
      expect(scans()).toBe(afterRead);

      // After SAVED_MESSAGES_TTL_MS it is read again, as a safety net.
      clock.advance(SAVED_MESSAGES_TTL_MS);
      expect(await ids()).toEqual([newer.id.toString(), oldest.id.toString()]);
      expect(scans()).toBeGreaterThan(afterRead);
    } finally {
      await testbed.close();
    }
  });

  it('sends a saved file once for one idempotency key, even from a new port after a crash', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, connect, save } = await setup();
    try {
      const gif = fake.createDocument({
        mimeType: 'video/mp4',
        attributes: [new Api.DocumentAttributeAnimated()],
      });
      save(gif);
      await connect();
      const outbound = { uniqueId: gif.id.toString(), replyTo: null, idempotencyKey: 'task-7/media-1' };
      const first = await withTimeout(
        testbed.port.sendMedia('A', Number(alice.id), outbound),
        STEP_MS,
        'send',
      );

      testbed.restart();
      await testbed.accounts.connect('A', await testbed.connectOptions(agent));
      const again = await withTimeout(
        testbed.port.sendMedia('A', Number(alice.id), outbound),
        STEP_MS,
        'resend',
      );

      expect(again.messageId).toBe(first.messageId);
      expect(fake.messagesBetween(alice.id, agent.id).map((message) => message.mediaId)).toEqual([gif.id]);
    } finally {
      await testbed.close();
    }
  });

  it('renews expired file references once: sending and downloading saved files and stickers go on', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { testbed, fake, agent, alice, save } = await setup();
    try {
      const photo = fake.createPhoto({ bytes: Buffer.from('a photo of the shop') });
      save(photo);
      const cats = fake.createStickerSet({ shortName: 'Cats', stickers: [{ emoji: '😺' }] });
      const view = await testbed.accounts.connect(
        'A',
        await testbed.connectOptions(agent, { stickerSets: ['Cats'] }),
      );
      expect(view.connection).toBe('connected');
      const [library, stickers] = await Promise.all([
        testbed.port.listMedia('A'),
        testbed.port.listStickers('A'),
      ]);
      expect(library).toHaveLength(1);
      expect(stickers.map((sticker) => sticker.uniqueId)).toEqual([cats.stickers[0]!.document.id.toString()]);

      // Telegram expires every reference the port read above.
      fake.expireFileReferences();
      const sent = await withTimeout(
        testbed.port.sendMedia('A', Number(alice.id), {
          uniqueId: photo.id.toString(),
          replyTo: null,
          idempotencyKey: 'after-expiry',
        }),
        STEP_MS,
        'send a saved photo',
      );
      expect(sent.duplicate).toBeFalsy();
      fake.expireFileReferences();
      await withTimeout(
        testbed.port.sendSticker('A', Number(alice.id), {
          setName: 'Cats',
          name: '😺',
          replyTo: null,
          idempotencyKey: 'sticker-after-expiry',
        }),
        STEP_MS,
        'send a sticker',
      );
      fake.expireFileReferences();
      const bytes = await withTimeout(
        testbed.port.downloadMedia(
          'A',
          { kind: 'library', uniqueId: photo.id.toString() },
          { maxBytes: 1_000_000 },
        ),
        STEP_MS,
        'download a saved photo',
      );
      expect(Buffer.from(bytes!).toString()).toBe('a photo of the shop');
      expect(fake.messagesBetween(alice.id, agent.id).map((message) => message.mediaId)).toEqual([
        photo.id,
        cats.stickers[0]!.document.id,
      ]);
    } finally {
      await testbed.close();
    }
  });
});
