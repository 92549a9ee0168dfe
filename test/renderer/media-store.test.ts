import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { copyKey } from '../../src/renderer/features/media/model';
import { mediaSelectors } from '../../src/renderer/features/media/selectors';
import { createMediaStore, type MediaStore } from '../../src/renderer/features/media/store';
import type { MediaRecordView } from '../../src/shared/api/media-contract';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { mediaRecord } from './support/fake-media';
import { deferred, FakeRuntime, settle } from './support/fake-runtime';

const SAMPLES = '/config/samples';
const CONFIGDIR = '/config/configdir';
const CACHE = { kind: 'cache' } as const;
const inSamples = { kind: 'curated', configDir: SAMPLES } as const;

function library(runtime: FakeRuntime) {
  runtime.media.seed(
    mediaRecord('cat-wave', {
      stickerSetName: 'Cats',
      stickerSetTitle: 'Cute cats',
      stickerName: '👋',
      mimeType: 'application/x-tgsticker',
      description: 'A grey cat waving',
      status: 'curated',
    }),
    mediaRecord('cat-sleep', {
      stickerSetName: 'Cats',
      stickerSetTitle: 'Cute cats',
      stickerName: '😴',
      description: 'A cat asleep on a keyboard',
      savedBy: ['Juniper'],
    }),
    mediaRecord('dog-run', {
      stickerSetName: 'Dogs',
      mimeType: 'video/webm',
      location: CACHE,
      lastUsedAt: '2025-05-30T08:00:00.000Z',
    }),
    mediaRecord('photo-beach', {
      kind: 'photo',
      mimeType: 'image/jpeg',
      location: CACHE,
      description: 'A beach',
      updatedAt: '2025-02-01T08:00:00.000Z',
    }),
    mediaRecord('voice-1', {
      kind: 'audio',
      mimeType: 'audio/ogg',
      location: CACHE,
      lastUsedAt: '2025-01-01T00:00:00Z',
    }),
  );
}

describe('media store', () => {
  let runtime: FakeRuntime;
  let store: MediaStore;
  const actions = () => store.getState().actions;
  const ids = () => store.getState().list.entries.map((entry) => entry.record.uniqueId);
  const entryOf = (uniqueId: string, location: MediaRecordView['location'] = inSamples) =>
    store.getState().list.entries.find((entry) => entry.key === copyKey({ uniqueId, location }));
  const showing = async () => {
    const release = actions().follow();
    await settle();
    return release;
  };

  beforeEach(() => {
    runtime = new FakeRuntime();
    library(runtime);
    store = createMediaStore(runtime.client, { searchDelayMs: 300, changeDelayMs: 0 });
    feedFromRuntimeEvents(runtime.client, {
      conversations: createConversationStores(runtime.client),
      media: store,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  describe('listing', () => {
    it('fetches nothing until the editor shows, then the directories with their counts and every record', async () => {
      expect(runtime.callsOf('media.list')).toEqual([]);

      await showing();

      expect(store.getState().directories.value.map((d) => `${d.label}: ${d.count}`)).toEqual([
        `${SAMPLES}: 2`,
        `${CONFIGDIR}: 0`,
        'Description cache: 3',
      ]);
      expect(ids()).toEqual(['cat-sleep', 'cat-wave', 'dog-run', 'photo-beach', 'voice-1']);
      expect(store.getState().list).toMatchObject({ status: 'ready', total: 5 });
    });

    it('lists one directory, and one type', async () => {
      await showing();

      actions().setLocation(CACHE);
      await settle();
      expect(ids()).toEqual(['dog-run', 'photo-beach', 'voice-1']);

      actions().setLocation(null);
      actions().setFilter('animated');
      await settle();
      expect(ids()).toEqual(['cat-wave', 'dog-run']);

      actions().setFilter('stickers');
      await settle();
      expect(ids()).toEqual(['cat-sleep']);
    });

    it('runs a search once typing has paused for 300 ms, with the words typed last', async () => {
      await showing();
      vi.useFakeTimers();
      const before = runtime.callsOf('media.list').length;

      for (const text of ['k', 'ke', 'key']) actions().setSearch(text);
      await vi.advanceTimersByTimeAsync(299);
      expect(runtime.callsOf('media.list')).toHaveLength(before);
      expect(store.getState().query.search).toBe('key');

      await vi.advanceTimersByTimeAsync(1);
      expect(runtime.callsOf('media.list').slice(before)).toEqual([
        { location: null, filter: 'all', search: 'key' },
      ]);
      expect(ids()).toEqual(['cat-sleep']);
    });

    it('keeps the records shown when a refresh fails, and says why when there were none', async () => {
      await showing();
      runtime.handle('media.list', () => {
        throw new Error('The Troupe server cannot be reached.');
      });

      await actions().loadList();
      expect(store.getState().list).toMatchObject({
        status: 'ready',
        error: 'The Troupe server cannot be reached.',
      });
      expect(ids()).toHaveLength(5);

      const fresh = createMediaStore(runtime.client);
      fresh.getState().actions.follow();
      await settle();
      expect(fresh.getState().list).toMatchObject({ status: 'error', entries: [] });
    });

    it('opens on one file from a link: found everywhere and marked', async () => {
      actions().openRecord('dog-run');
      await showing();

      expect(store.getState().query).toEqual({ location: null, filter: 'all', search: 'dog-run' });
      expect(mediaSelectors.focusId(store.getState())).toBe('dog-run');
      expect(ids()).toEqual(['dog-run']);
    });
  });

  describe('descriptions', () => {
    it('writes a curated record’s description in its own directory', async () => {
      await showing();

      const record = await actions().setDescription(
        copyKey({ uniqueId: 'cat-wave', location: inSamples }),
        'A grey cat waving hello',
        SAMPLES,
      );

      expect(record).toMatchObject({ description: 'A grey cat waving hello', status: 'curated' });
      expect(entryOf('cat-wave')?.record.description).toBe('A grey cat waving hello');
      expect(runtime.media.at('cat-wave', inSamples)?.description).toBe('A grey cat waving hello');
    });

    it('curates a cached description into the chosen directory, the row keeping the new text through reloads', async () => {
      await showing();
      actions().setLocation(CACHE);
      await settle();
      const key = copyKey({ uniqueId: 'photo-beach', location: CACHE });

      await actions().setDescription(key, 'A beach at dusk, two dogs running', CONFIGDIR);
      runtime.emit('config.reloaded', runtime.report());
      await settle();

      const row = store.getState().list.entries.find((entry) => entry.key === key);
      expect(row?.record).toMatchObject({
        description: 'A beach at dusk, two dogs running',
        status: 'curated',
        location: { kind: 'curated', configDir: CONFIGDIR },
      });
      expect(ids().filter((id) => id === 'photo-beach')).toHaveLength(1);
      // The cache keeps its copy, now overridden by the curated one.
      expect(runtime.media.at('photo-beach', CACHE)).toMatchObject({
        description: 'A beach',
        effective: false,
      });
    });

    it('rejects a refused description with the message the field shows, leaving the record as it was', async () => {
      await showing();
      const key = copyKey({ uniqueId: 'cat-wave', location: inSamples });

      const error = await actions()
        .setDescription(key, 'x'.repeat(4001), SAMPLES)
        .catch((caught: unknown) => caught);

      expect(fieldErrors(error).description).toBe('Keep a description under 4,000 characters.');
      expect(entryOf('cat-wave')?.record.description).toBe('A grey cat waving');
    });
  });

  describe('actions on a record', () => {
    it('describes again, busy until the model answers', async () => {
      await showing();
      const key = copyKey({ uniqueId: 'dog-run', location: CACHE });
      const answer = deferred<void>();
      runtime.handle('media.describeAgain', async (input) => {
        await answer.promise;
        return runtime.media.answer('media.describeAgain', input) as never;
      });

      const running = actions().describeAgain(key);
      expect(mediaSelectors.work(key)(store.getState()).running).toBe('describe');
      answer.resolve();
      await running;

      expect(mediaSelectors.work(key)(store.getState())).toEqual({ running: null, problem: null });
      expect(entryOf('dog-run', CACHE)?.record.description).toBe('Described again: dog-run');
    });

    it('keeps the runtime’s refusal to delete what an agent has in Saved Messages, until dismissed', async () => {
      await showing();
      const key = copyKey({ uniqueId: 'cat-sleep', location: inSamples });

      await actions().remove(key);

      expect(mediaSelectors.work(key)(store.getState()).problem).toBe(
        'Juniper has it in Saved Messages; remove it there first.',
      );
      expect(ids()).toContain('cat-sleep');
      actions().clearProblem(key);
      expect(mediaSelectors.work(key)(store.getState()).problem).toBeNull();
    });

    it('deletes a record, and the directory counts follow', async () => {
      await showing();

      await actions().remove(copyKey({ uniqueId: 'voice-1', location: CACHE }));
      await settle();

      expect(ids()).not.toContain('voice-1');
      expect(store.getState().list.total).toBe(4);
      expect(store.getState().directories.value.at(-1)?.count).toBe(2);
    });

    it('moves a record into another directory: listed there when every directory is shown, gone from a view of the old one', async () => {
      await showing();
      await actions().move(copyKey({ uniqueId: 'dog-run', location: CACHE }), CONFIGDIR);
      expect(entryOf('dog-run', CACHE)?.record.location).toEqual({ kind: 'curated', configDir: CONFIGDIR });

      actions().setLocation(inSamples);
      await settle();
      await actions().move(copyKey({ uniqueId: 'cat-wave', location: inSamples }), CONFIGDIR);
      expect(ids()).toEqual(['cat-sleep']);
      expect(runtime.media.at('cat-wave', { kind: 'curated', configDir: CONFIGDIR })).toBeDefined();
    });

    it('removes cached records unused for a number of days, and lists the cache again', async () => {
      runtime.now = new Date('2025-06-01T12:00:00Z');
      await showing();

      const removed = await actions().removeUnused(30);
      await settle();

      // The running dog was shown two days ago; the beach and the voice note months ago.
      expect(removed).toBe(2);
      expect(ids()).toEqual(['cat-sleep', 'cat-wave', 'dog-run']);
    });
  });

  describe('live', () => {
    it('fetches again only the records a change names when they are on screen', async () => {
      await showing();
      const lists = runtime.callsOf('media.list').length;
      runtime.media.records = runtime.media.records.map((record) =>
        record.uniqueId === 'dog-run' ? { ...record, description: 'A corgi running' } : record,
      );

      runtime.emit('media.changed', { uniqueIds: ['dog-run'] });
      await settle();

      expect(runtime.callsOf('media.get')).toEqual([{ uniqueId: 'dog-run' }]);
      expect(runtime.callsOf('media.list')).toHaveLength(lists);
      expect(entryOf('dog-run', CACHE)?.record.description).toBe('A corgi running');
    });

    it('lists again when a change names a record not on screen, which may be new', async () => {
      await showing();
      runtime.media.seed(mediaRecord('new-one', { location: CACHE }));

      runtime.emit('media.changed', { uniqueIds: ['new-one'] });
      await settle();

      expect(ids()).toContain('new-one');
    });

    it('refreshes the counts on a reload of the same config path, and the list only when the path changed', async () => {
      await showing();
      runtime.emit('config.reloaded', runtime.report());
      await settle();
      const lists = runtime.callsOf('media.list').length;
      const directories = runtime.callsOf('media.directories').length;

      runtime.emit('config.reloaded', runtime.report());
      await settle();
      expect(runtime.callsOf('media.list')).toHaveLength(lists);
      expect(runtime.callsOf('media.directories')).toHaveLength(directories + 1);

      runtime.emit('config.reloaded', { ...runtime.report(), configPath: ['/elsewhere'] });
      await settle();
      expect(runtime.callsOf('media.list')).toHaveLength(lists + 1);
    });

    it('fetches nothing while the editor is not shown, and catches up when it shows again', async () => {
      const release = await showing();
      release();
      const calls = runtime.calls.length;
      runtime.media.seed(mediaRecord('new-one', { location: CACHE }));

      runtime.emit('media.changed', { uniqueIds: ['new-one'] });
      runtime.emit('config.reloaded', runtime.report());
      await settle();
      expect(runtime.calls.length).toBe(calls);

      await showing();
      expect(ids()).toContain('new-one');
    });
  });
});
