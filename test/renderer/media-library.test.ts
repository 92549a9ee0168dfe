import { beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors } from '../../src/renderer/api/errors';
import { LIBRARY_MAX_BYTES, type LibraryOwner } from '../../src/renderer/features/media/library-model';
import { mediaSelectors } from '../../src/renderer/features/media/selectors';
import { createMediaStore, type MediaStore } from '../../src/renderer/features/media/store';
import { createConversationStores, feedFromRuntimeEvents } from './support/conversation-stores';
import { mediaRecord } from './support/fake-media';
import { SIMULATOR_LIBRARY_REFUSAL } from './support/fake-media-library';
import { agentConfig, FakeRuntime, runtimeState, settle } from './support/fake-runtime';

const SAMPLES = '/config/samples';
const CONFIGDIR = '/config/configdir';
const ON_TELEGRAM: LibraryOwner = { agent: 'Juniper', network: 'telegram' };
const IN_SIMULATOR: LibraryOwner = { agent: 'Juniper', network: 'simulator' };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('agent media library store', () => {
  let runtime: FakeRuntime;
  let store: MediaStore;
  const actions = () => store.getState().actions;
  const library = (owner: LibraryOwner) => mediaSelectors.library(owner)(store.getState());
  const ids = (owner: LibraryOwner) => library(owner).items.map((item) => item.uniqueId);
  const showing = async (owner: LibraryOwner) => {
    const release = actions().followLibrary(owner);
    await settle();
    return release;
  };

  beforeEach(() => {
    runtime = new FakeRuntime();
    runtime.agents = [{ config: agentConfig({ configName: 'Juniper' }), runtime: runtimeState('Juniper') }];
    runtime.media.seed(
      mediaRecord('beach', { kind: 'photo', mimeType: 'image/jpeg', description: 'A beach at dusk' }),
      mediaRecord('clip', { kind: 'video', mimeType: 'video/mp4', location: { kind: 'cache' } }),
      mediaRecord('cat-wave', { description: 'A grey cat waving' }),
      mediaRecord('menu', { kind: 'document', mimeType: 'application/pdf', description: 'A menu' }),
    );
    runtime.media.library.saved.set('Juniper', [
      { uniqueId: 'beach', kind: 'photo' },
      { uniqueId: 'voice-memo', kind: 'audio' },
    ]);
    store = createMediaStore(runtime.client, { changeDelayMs: 0 });
    feedFromRuntimeEvents(runtime.client, {
      conversations: createConversationStores(runtime.client),
      media: store,
    });
  });

  it('fetches nothing until a view shows a library, then lists its items with what they show', async () => {
    expect(runtime.callsOf('media.library')).toEqual([]);

    await showing(ON_TELEGRAM);

    expect(library(ON_TELEGRAM)).toMatchObject({ status: 'ready', error: null });
    expect(library(ON_TELEGRAM).items).toEqual([
      { uniqueId: 'beach', kind: 'photo', description: 'A beach at dusk' },
      { uniqueId: 'voice-memo', kind: 'audio', description: null },
    ]);
  });

  it('lists the curated media (not the stickers) as the Simulator’s library', async () => {
    await showing(IN_SIMULATOR);

    expect(ids(IN_SIMULATOR)).toEqual(['beach', 'menu']);
  });

  it('fetches a library afresh each time a view opens it, keeping it shown meanwhile', async () => {
    const release = await showing(ON_TELEGRAM);
    release();
    runtime.media.library.saved.set('Juniper', [{ uniqueId: 'beach', kind: 'photo' }]);

    actions().followLibrary(ON_TELEGRAM);
    expect(library(ON_TELEGRAM).status).toBe('ready');
    expect(ids(ON_TELEGRAM)).toEqual(['beach', 'voice-memo']);
    await settle();

    expect(ids(ON_TELEGRAM)).toEqual(['beach']);
  });

  it('says why a library cannot be listed', async () => {
    runtime.disconnectedTelegramAgents.add('Juniper');

    await showing(ON_TELEGRAM);

    expect(library(ON_TELEGRAM)).toMatchObject({
      status: 'error',
      error: 'Juniper is not connected to Telegram.',
      items: [],
    });
  });

  it('shows the description the runtime wrote in the background for an item on screen', async () => {
    await showing(ON_TELEGRAM);

    runtime.media.describeInCache('voice-memo', 'Juniper humming a tune', 'audio');
    runtime.media.describeInCache('not-in-the-library', 'Something else');
    await settle();

    expect(library(ON_TELEGRAM).items[1]?.description).toBe('Juniper humming a tune');
    expect(runtime.callsOf('media.get')).toEqual([{ uniqueId: 'voice-memo' }]);
  });

  it('adds a file as a photo, or as a file when asked, each at the top with its bytes sent', async () => {
    await showing(ON_TELEGRAM);

    const photo = await actions().addToLibrary(
      ON_TELEGRAM,
      new File([PNG], 'card.png', { type: 'image/png' }),
      false,
    );
    const document = await actions().addToLibrary(
      ON_TELEGRAM,
      new File([PNG], 'card.png', { type: 'image/png' }),
      true,
    );

    expect(photo).toMatchObject({ kind: 'photo', description: null });
    expect(document.kind).toBe('document');
    expect(ids(ON_TELEGRAM)).toEqual([document.uniqueId, photo.uniqueId, 'beach', 'voice-memo']);
    expect(runtime.callsOf('media.addToLibrary')[0]).toEqual({
      agent: 'Juniper',
      network: 'telegram',
      fileName: 'card.png',
      dataBase64: Buffer.from(PNG).toString('base64'),
      asFile: false,
    });
  });

  it('refuses an empty or too large file before sending it', async () => {
    await showing(ON_TELEGRAM);
    const huge = new File([new Uint8Array(LIBRARY_MAX_BYTES + 1)], 'film.mp4', { type: 'video/mp4' });

    const empty = await actions()
      .addToLibrary(ON_TELEGRAM, new File([], 'nothing.png'), false)
      .catch((error: unknown) => error);
    const large = await actions()
      .addToLibrary(ON_TELEGRAM, huge, false)
      .catch((error: unknown) => error);

    expect(errorMessage(empty)).toBe('The file is empty.');
    expect(errorMessage(large)).toBe('The file has 20.0 MB; the library takes up to 20.0 MB.');
    expect(runtime.callsOf('media.addToLibrary')).toEqual([]);
  });

  it('removes an item from Saved Messages', async () => {
    await showing(ON_TELEGRAM);

    await actions().removeFromLibrary(ON_TELEGRAM, 'voice-memo');

    expect(ids(ON_TELEGRAM)).toEqual(['beach']);
    expect(runtime.media.library.saved.get('Juniper')?.map((item) => item.uniqueId)).toEqual(['beach']);
  });

  it('passes on the Simulator’s refusal to change its library: adding rejects, removing keeps it as the item’s problem', async () => {
    await showing(IN_SIMULATOR);

    const added = await actions()
      .addToLibrary(IN_SIMULATOR, new File([PNG], 'card.png', { type: 'image/png' }), false)
      .catch((error: unknown) => error);
    await actions().removeFromLibrary(IN_SIMULATOR, 'menu');

    expect(errorMessage(added)).toBe(SIMULATOR_LIBRARY_REFUSAL);
    expect(ids(IN_SIMULATOR)).toEqual(['beach', 'menu']);
    expect(library(IN_SIMULATOR).problems).toEqual({ menu: SIMULATOR_LIBRARY_REFUSAL });

    actions().clearLibraryProblem(IN_SIMULATOR, 'menu');
    expect(library(IN_SIMULATOR).problems).toEqual({});
  });

  it('writes an item’s description as a curated record of the chosen directory, shown in every library holding it', async () => {
    await showing(ON_TELEGRAM);
    await showing(IN_SIMULATOR);

    await actions().setLibraryDescription('beach', 'A beach at dusk, two dogs running', SAMPLES);

    expect(library(ON_TELEGRAM).items[0]?.description).toBe('A beach at dusk, two dogs running');
    expect(library(IN_SIMULATOR).items[0]?.description).toBe('A beach at dusk, two dogs running');
    expect(runtime.media.at('beach', { kind: 'curated', configDir: SAMPLES })?.status).toBe('curated');
  });

  it('keeps showing what agents are told when the description went where another record wins', async () => {
    await showing(ON_TELEGRAM);

    await actions().setLibraryDescription('beach', 'Overridden words', CONFIGDIR);
    await settle();

    expect(library(ON_TELEGRAM).items[0]?.description).toBe('A beach at dusk');
  });

  it('rejects a refused description with the message its field shows', async () => {
    await showing(ON_TELEGRAM);

    const error = await actions()
      .setLibraryDescription('beach', 'x'.repeat(4001), SAMPLES)
      .catch((caught: unknown) => caught);

    expect(fieldErrors(error).description).toBe('Keep a description under 4,000 characters.');
    expect(library(ON_TELEGRAM).items[0]?.description).toBe('A beach at dusk');
  });
});
