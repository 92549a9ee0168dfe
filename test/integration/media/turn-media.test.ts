import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { simulatedFileId } from '../../../src/main/simulator';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { EngineHarness, type HarnessChat } from '../../support/engine-harness';

const FIXTURES = join(import.meta.dirname, '../../fixtures/media');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

describe('media described for the agent in its turn (Simulator, real store and files)', () => {
  let harness: EngineHarness;

  afterEach(async () => {
    await harness.close();
  });

  function start(options: { perTurn?: number; curated?: Record<string, unknown>[] } = {}) {
    harness = new EngineHarness({ pacing: 'off', describeMedia: { curated: options.curated ?? [] } });
    if (options.perTurn !== undefined)
      harness.store.settings.update({ media: { descriptionsPerTurn: options.perTurn } });
  }

  function send(
    chat: HarnessChat,
    file: string,
    kind: 'photo' | 'sticker' | 'audio' | 'document',
    extra = {},
  ): ChatMsg {
    return harness.simulator.sendFileAsPerson(harness.agent.configName, chat.channelId, chat.personIds[0]!, {
      kind,
      bytes: fixture(file),
      fileName: file,
      ...extra,
    });
  }

  /** The history the model saw in the latest turn, as one text. */
  const lastHistory = () =>
    harness.llm.turnQueries
      .at(-1)!
      .turns.flatMap((turn) => turn.parts)
      .join('\n');

  it('describes each file once, however often it is sent, and keeps the description and bytes', async () => {
    start();
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    const photo = send(chat, 'photo.png', 'photo');
    send(chat, 'photo.png', 'photo');
    send(chat, 'voice.ogg', 'audio', { durationSeconds: 2 });
    await harness.advance(6_000);

    const size = fixture('photo.png').byteLength;
    expect(lastHistory()).toContain(`⟦media⟧ ‹a photo that shows a file of ${size} bytes›`);
    expect(lastHistory()).toContain(
      `⟦media⟧ ‹an audio clip that sounds like a file of ${fixture('voice.ogg').byteLength} bytes›`,
    );
    expect(harness.llm.mediaQueries).toHaveLength(2);
    const [first] = harness.llm.mediaQueries.filter((query) => query.items[0]!.mimeType === 'image/png');
    expect(first!.instructions).toMatch(/image/i);
    expect(Buffer.from(first!.items[0]!.data).equals(Buffer.from(fixture('photo.png')))).toBe(true);

    const uniqueId = (photo.parts[0] as { uniqueId: string }).uniqueId;
    const cached = harness.store.mediaDescriptions.get(uniqueId)!;
    expect(cached).toMatchObject({
      status: 'generated',
      kind: 'photo',
      mimeType: 'image/png',
      retryCount: 0,
    });
    expect(existsSync(join(harness.media!.files.dir, cached.fileName))).toBe(true);
    const costs = harness.store.taskLog
      .list({ limit: 20 })
      .filter((entry) => entry.actionKind === 'llm_usage')
      .map((entry) => [(entry.details as { operation: string }).operation, entry.channelId]);
    expect(costs).toEqual(
      expect.arrayContaining([
        ['describe_image', chat.channelId],
        ['describe_audio', chat.channelId],
      ]),
    );

    // A later turn reads the cache: nothing is described again.
    harness.say(chat, 'did you see it?');
    await harness.advance(6_000);
    expect(harness.llm.mediaQueries).toHaveLength(2);
    expect(lastHistory()).toContain(`a photo that shows a file of ${size} bytes`);
  });

  it('waits for at most the budget of new descriptions; the rest arrive in the background for the next turn', async () => {
    start({ perTurn: 1 });
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    send(chat, 'photo.png', 'photo');
    send(chat, 'photo.jpg', 'photo');
    send(chat, 'sticker.webp', 'sticker', { stickerEmoji: '😀', stickerSetName: 'Cats' });
    await harness.advance(6_000);

    const first = lastHistory();
    // The newest file (the sticker) got the budget; the photos wait for the background.
    expect(first).toContain(
      `from the set "Cats" that shows a file of ${fixture('sticker.webp').byteLength} bytes›`,
    );
    expect(first.match(/⟦photo present uid=/g)).toHaveLength(2);

    await harness.media!.idle();
    expect(harness.llm.mediaQueries).toHaveLength(3);
    harness.say(chat, 'well?');
    await harness.advance(6_000);
    expect(lastHistory()).not.toContain('present uid=');
    expect(lastHistory().match(/that shows a file of \d+ bytes/g)).toHaveLength(3);
  });

  it('gives a sticker its emoji meaning when no description can be had now', async () => {
    start({ perTurn: 0 });
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    send(chat, 'sticker.webp', 'sticker', { stickerEmoji: '😀', stickerSetName: 'Cats' });
    await harness.advance(6_000);
    expect(lastHistory()).toContain(
      '⟦media⟧ ‹a sticker 😀 from the set "Cats" that shows what its emoji suggests: 😀 (grinning face)›',
    );
  });

  it('shows an animated TGS sticker to the model as frames in order, with the video prompt', async () => {
    start();
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    send(chat, 'sticker.tgs', 'sticker', { stickerEmoji: '🐱', stickerSetName: 'Cats' });
    await harness.advance(6_000);
    const [query] = harness.llm.mediaQueries;
    expect(query!.items.length).toBeGreaterThan(1);
    expect(query!.items.every((item) => item.mimeType === 'image/png')).toBe(true);
    expect(query!.instructions).toMatch(/video|animat/i);
    expect(query!.note).toMatch(/sticker sent as 🐱 from the set "Cats".*frames in order/s);
    const cached = harness.store.mediaDescriptions.get(simulatedFileId(fixture('sticker.tgs')))!;
    expect(cached).toMatchObject({
      kind: 'sticker',
      mimeType: 'application/x-tgsticker',
      status: 'generated',
    });
    expect(cached.fileName).toMatch(/\.tgs$/);
  });

  it('takes a curated description first and asks no model', async () => {
    start({
      curated: [
        {
          unique_id: simulatedFileId(fixture('sticker.tgs')),
          kind: 'sticker',
          description: 'a cat waving a paw',
          status: 'curated',
          sticker_set_name: 'Cats',
          sticker_name: '🐱',
        },
      ],
    });
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    send(chat, 'sticker.tgs', 'sticker', { stickerEmoji: '🐱', stickerSetName: 'Cats' });
    await harness.advance(6_000);
    expect(lastHistory()).toContain('from the set "Cats" that shows a cat waving a paw›');
    expect(harness.llm.mediaQueries).toHaveLength(0);
  });

  it('tells the agent why a file it cannot read was not described, and the turn goes on', async () => {
    start();
    await harness.loadCuratedMedia();
    const chat = harness.directChat('Pat');
    send(chat, 'archive.zip', 'document');
    send(chat, 'truncated.tgs', 'sticker', { stickerEmoji: '🙂', stickerSetName: 'Cats' });
    await harness.advance(6_000);
    const history = lastHistory();
    expect(history).toContain(
      '⟦media⟧ ‹a document named "archive.zip" that could not be analyzed (application/zip files are not described)›',
    );
    // A broken sticker still reads as its emoji.
    expect(history).toContain('that shows what its emoji suggests: 🙂 (slightly smiling face)');
    expect(harness.llm.mediaQueries).toHaveLength(0);
    expect(harness.agentTexts(chat).length + harness.llm.turnQueries.length).toBeGreaterThan(0);
  });
});
