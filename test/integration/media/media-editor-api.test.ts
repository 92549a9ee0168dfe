import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMediaRecord } from '../../../src/main/config';
import type { ConversationRuntimeHandle } from '../../../src/main/runtime/types';
import type { MediaRecordView } from '../../../src/shared/api/media-contract';
import { callApi, waitFor } from '../../support/engine-harness';
import type { FakeLlmServer } from '../../support/fake-llm-server';
import { type LlmRuntime, startLlmRuntime } from '../../support/llm-runtime';

const FIXTURES = join(import.meta.dirname, '../../fixtures/media');
const PHOTO = new Uint8Array(readFileSync(join(FIXTURES, 'photo.png')));
const VOICE = new Uint8Array(readFileSync(join(FIXTURES, 'voice.ogg')));

describe('the media-description editor through the API', () => {
  let bed: LlmRuntime;
  let llm: FakeLlmServer;
  let runtime: ConversationRuntimeHandle;
  let configDir: string;

  beforeEach(async () => {
    bed = await startLlmRuntime('media-editor');
    ({ llm, runtime, configDir } = bed);
  });

  afterEach(() => bed.close());

  /** A person sends the files, one turn each, so each gets its scripted description. */
  async function describedFiles(): Promise<{ photo: string; voice: string }> {
    const { chat, people } = runtime.simulator.createChat('Ada', {
      kind: 'direct',
      people: [{ firstName: 'Pat' }],
    });
    const send = async (kind: 'photo' | 'audio', bytes: Uint8Array, description: string, count: number) => {
      llm.media.replyWith(description);
      const part = runtime.simulator.sendFileAsPerson('Ada', chat.channelId, people[0]!.id, { kind, bytes })
        .parts[0] as { uniqueId: string };
      await waitFor(async () => (await cached()).length === count, `the ${kind} to be described`, 10_000);
      return part.uniqueId;
    };
    const photo = await send('photo', PHOTO, 'a small test card', 1);
    const voice = await send('audio', VOICE, 'someone says hello', 2);
    return { photo, voice };
  }

  const cached = async () =>
    (await callApi(runtime, 'media.list', { location: { kind: 'cache' } })).records as MediaRecordView[];

  it('lists the cache by type and words, and curates an edit as JSON the original agent reads', async () => {
    const ids = await describedFiles();
    const photos = (await callApi(runtime, 'media.list', { location: null, filter: 'photos' }))
      .records as MediaRecordView[];
    expect(photos.map((record) => [record.uniqueId, record.description])).toEqual([
      [ids.photo, 'a small test card'],
    ]);
    const searched = (await callApi(runtime, 'media.list', { location: null, search: 'HELLO someone' }))
      .records as MediaRecordView[];
    expect(searched.map((record) => record.uniqueId)).toEqual([ids.voice]);

    const { record } = (await callApi(runtime, 'media.setDescription', {
      uniqueId: ids.photo,
      description: 'a test card with four coloured squares',
      configDir,
    })) as { record: MediaRecordView };
    expect(record).toMatchObject({
      status: 'curated',
      effective: true,
      location: { kind: 'curated', configDir },
    });

    const file = join(configDir, 'media', `${ids.photo}.json`);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(json).toMatchObject({
      unique_id: ids.photo,
      kind: 'photo',
      status: 'curated',
      description: 'a test card with four coloured squares',
      mime_type: 'image/png',
      media_file: `${ids.photo}.png`,
    });
    expect(
      Buffer.from(readFileSync(join(configDir, 'media', json.media_file))).equals(Buffer.from(PHOTO)),
    ).toBe(true);
    expect(parseMediaRecord(readFileSync(file, 'utf8'), file).problems).toEqual([]);

    // Both copies are listed for the id, the curated one first as the one agents see.
    const copies = (await callApi(runtime, 'media.get', { uniqueId: ids.photo }))
      .records as MediaRecordView[];
    expect(copies.map((copy) => [copy.location.kind, copy.effective])).toEqual([
      ['curated', true],
      ['cache', false],
    ]);

    // Deleting the curated copy leaves the cache's description in effect.
    await callApi(runtime, 'media.delete', { uniqueId: ids.photo, location: { kind: 'curated', configDir } });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(configDir, 'media', `${ids.photo}.png`))).toBe(false);
    const after = (await callApi(runtime, 'media.get', { uniqueId: ids.photo })).records as MediaRecordView[];
    expect(after).toMatchObject([
      { location: { kind: 'cache' }, effective: true, description: 'a small test card' },
    ]);
  });

  it('moves a cached record into a config directory and describes one again with the model', async () => {
    const ids = await describedFiles();
    const moved = (await callApi(runtime, 'media.move', {
      uniqueId: ids.voice,
      from: { kind: 'cache' },
      to: { kind: 'curated', configDir },
    })) as { record: MediaRecordView };
    expect(moved.record).toMatchObject({
      location: { kind: 'curated', configDir },
      description: 'someone says hello',
    });
    expect((await cached()).map((record) => record.uniqueId)).toEqual([ids.photo]);
    expect(existsSync(join(configDir, 'media', `${ids.voice}.ogg`))).toBe(true);

    llm.media.replyWith('a cheerful voice says hello twice');
    const again = (await callApi(runtime, 'media.describeAgain', {
      uniqueId: ids.voice,
      location: { kind: 'curated', configDir },
    })) as { record: MediaRecordView };
    expect(again.record).toMatchObject({
      description: 'a cheerful voice says hello twice',
      status: 'generated',
    });
    expect(llm.timesShown(VOICE)).toBe(2);

    // A failed attempt leaves the description as it was.
    llm.media.failWith({
      status: 503,
      body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } },
    });
    await expect(
      callApi(runtime, 'media.describeAgain', {
        uniqueId: ids.voice,
        location: { kind: 'curated', configDir },
      }),
    ).rejects.toThrow(/unavailable: The media model did not describe it/);
    const kept = JSON.parse(readFileSync(join(configDir, 'media', `${ids.voice}.json`), 'utf8'));
    expect(kept).toMatchObject({ description: 'a cheerful voice says hello twice', status: 'generated' });
  });

  it('announces records edited on disk by id, from the config watcher', async () => {
    const changed: string[][] = [];
    runtime.events.subscribe((name, payload) => {
      if (name === 'media.changed') changed.push((payload as { uniqueIds: string[] }).uniqueIds);
    });
    mkdirSync(join(configDir, 'media'), { recursive: true });
    writeFileSync(
      join(configDir, 'media', '777.json'),
      JSON.stringify({ unique_id: '777', kind: 'photo', description: 'a lighthouse', status: 'curated' }),
    );
    await waitFor(() => changed.some((ids) => ids.includes('777')), 'the new record to be announced');
    const { records } = (await callApi(runtime, 'media.get', { uniqueId: '777' })) as {
      records: MediaRecordView[];
    };
    expect(records).toMatchObject([
      { description: 'a lighthouse', location: { kind: 'curated', configDir } },
    ]);
  });

  it('refuses what cannot be done with a message that says why', async () => {
    const ids = await describedFiles();
    await expect(
      callApi(runtime, 'media.setDescription', {
        uniqueId: ids.photo,
        description: 'x',
        configDir: '/elsewhere',
      }),
    ).rejects.toThrow(/invalid_input: \/elsewhere is not one of the config directories/);
    await expect(
      callApi(runtime, 'media.move', {
        uniqueId: ids.photo,
        from: { kind: 'curated', configDir },
        to: { kind: 'curated', configDir },
      }),
    ).rejects.toThrow(/already/);
    await expect(callApi(runtime, 'media.get', { uniqueId: '../etc' })).rejects.toThrow(/invalid_input/);
    const refused = await runtime.dispatch('media.startJob', {
      kind: 'import-set',
      agent: 'Nobody',
      network: 'telegram',
      setName: 'HappyCats',
      configDir,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'agent' }] },
    });
    await expect(
      callApi(runtime, 'media.addToLibrary', {
        agent: 'Ada',
        network: 'simulator',
        fileName: 'card.png',
        dataBase64: Buffer.from(PHOTO).toString('base64'),
      }),
    ).rejects.toThrow(/conflict: In the Simulator an agent's media library is the curated media/);
    await expect(
      callApi(runtime, 'media.delete', { uniqueId: 'nobody', location: { kind: 'cache' } }),
    ).rejects.toThrow(/not_found/);
  });
});
