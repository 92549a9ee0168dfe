import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AgentDocuments } from '../../src/renderer/features/documents/components/AgentDocuments';
import { MoveDialog } from '../../src/renderer/features/documents/components/DocumentActions';
import {
  AutoSaveStatus,
  DocumentEditor,
} from '../../src/renderer/features/documents/components/DocumentEditor';
import { DocumentsPage } from '../../src/renderer/features/documents/components/DocumentsPage';
import {
  configDirName,
  doneNotice,
  moveTargets,
  nameProblem,
  placeTitle,
  shippedPromptState,
} from '../../src/renderer/features/documents/model';
import { createDocumentsStore } from '../../src/renderer/features/documents/store';
import type { DocumentDir, DocumentPlace } from '../../src/shared/api/documents-contract';
import { FakeRuntime } from './support/fake-runtime';
import { renderDocuments } from './support/render-documents';
import { textOf } from './support/render-markup';

const DIR = '/config/mine';
const PROMPTS: DocumentPlace = { kind: 'prompts', configDir: DIR };
const DOCS: DocumentPlace = { kind: 'docs', configDir: DIR };

async function setUp() {
  const runtime = new FakeRuntime();
  runtime.documents.add(PROMPTS, 'Companion', 'Be warm.\n');
  runtime.documents.add(DOCS, 'Shop', '# The shop\n');
  runtime.documents.usedBy.set('Companion', [{ configName: 'Juniper', name: 'Juniper' }]);
  const store = createDocumentsStore(runtime.client);
  await store.getState().actions.loadList();
  return { runtime, store, open: () => store.getState().open! };
}

describe('names typed for a document', () => {
  it('says what to fix before the runtime is asked', () => {
    expect(nameProblem('Night Owl', ['Companion'])).toBeNull();
    expect(nameProblem('companion.md', ['Companion'])).toBe(
      'This folder already has Companion.md; choose another name.',
    );
    expect(nameProblem('Companion', ['Companion'], 'Companion')).toBeNull();
    expect(nameProblem('team/notes', [])).toMatch(/plain file name/);
    expect(nameProblem('   ', [])).toBe('Enter a name.');
  });

  it('says which text of a shipped prompt agents get', () => {
    expect(shippedPromptState({ name: 'Instructions', overriddenIn: null, overrideIsCopy: false })).toBe(
      'shipped text in use',
    );
    expect(shippedPromptState({ name: 'Instructions', overriddenIn: '/c/mine', overrideIsCopy: false })).toBe(
      'overridden in /c/mine',
    );
    expect(shippedPromptState({ name: 'Instructions', overriddenIn: '/c/copy', overrideIsCopy: true })).toBe(
      'an unchanged copy in /c/copy is used',
    );
  });

  it('says in a toast what a rename, move or delete did', () => {
    expect(doneNotice({ kind: 'rename', name: 'Shop', newName: 'Store', updatedAgents: [] })).toBe(
      'Renamed Shop.md to Store.md.',
    );
    expect(
      doneNotice({
        kind: 'rename',
        name: 'Companion',
        newName: 'Host',
        updatedAgents: ['Juniper', 'Marnie'],
      }),
    ).toBe('Renamed Companion.md to Host.md, and in the role prompts of Juniper and Marnie.');
    expect(doneNotice({ kind: 'move', name: 'Shop', to: DOCS })).toBe(
      'Moved Shop.md to Shared documents of mine.',
    );
    // Named as the Move dialog names it: told from the other directories by as many folders as needed.
    expect(doneNotice({ kind: 'move', name: 'Shop', to: DOCS }, ['/config/mine', '/other/mine'])).toBe(
      'Moved Shop.md to Shared documents of config/mine.',
    );
    expect(
      doneNotice({ kind: 'delete', name: 'Shop', place: { kind: 'prompts', configDir: '/config/mine' } }),
    ).toBe('Deleted Shop.md from Role prompts of mine.');
    expect(doneNotice({ kind: 'delete', name: 'Shop', place: { kind: 'agent', agent: 'Juniper' } })).toBe(
      'Deleted Shop.md from Juniper’s documents.',
    );
  });

  it('offers role prompts only other directories’ prompts (not the shipped one), and an agent’s documents its directory', () => {
    const dir = (configDir: string, shipped = false): DocumentDir => ({
      configDir,
      shipped,
      prompts: [],
      docs: [],
    });
    const dirs = [dir(DIR), dir('/config/team'), dir('/app/configdir', true)];
    expect(moveTargets(PROMPTS, dirs)).toEqual([{ kind: 'prompts', configDir: '/config/team' }]);
    expect(moveTargets(DOCS, dirs).map((place) => (place.kind === 'docs' ? place.configDir : null))).toEqual([
      '/config/team',
      '/app/configdir',
    ]);
    expect(
      moveTargets({ kind: 'agent', agent: 'Juniper' }, dirs, { agent: 'Juniper', configDir: DIR }),
    ).toEqual([DOCS]);
  });
});

describe('where a document may go, in words', () => {
  it('names a config directory by its folder, with the folders before it that tell it from the others', () => {
    const dirs = ['/home/alice/troupe/samples', '/home/bob/troupe/samples', '/srv/configdir'];
    expect(configDirName('/srv/configdir', dirs)).toBe('configdir');
    expect(configDirName('/home/alice/troupe/samples', dirs)).toBe('alice/troupe/samples');
    expect(configDirName('/home/bob/troupe/samples/', [])).toBe('samples');
    expect(configDirName('C:\\Troupe\\samples', [])).toBe('samples');
    expect(configDirName('/', [])).toBe('/');
  });

  it('names each place as the operator knows it', () => {
    expect(placeTitle(DOCS, [DIR, '/config/team'])).toBe('Shared documents of mine');
    expect(placeTitle(PROMPTS, [DIR])).toBe('Role prompts of mine');
    expect(placeTitle({ kind: 'agent', agent: 'Juniper' }, [DIR])).toBe('Juniper’s documents');
  });

  it('offers the targets of a move by name, with the path of the one chosen under the field', async () => {
    const { store } = await setUp();
    const html = renderDocuments(
      store,
      createElement(MoveDialog, {
        place: { kind: 'agent', agent: 'Juniper' },
        entry: {
          name: 'Visitors',
          usedBy: [],
          shipped: false,
          overridesShipped: false,
          sameAsShipped: false,
          shadowedBy: null,
        },
        targets: [DOCS],
        onClose: () => {},
      }),
    );
    expect(textOf(html)).toContain('From Juniper’s documents');
    expect(html).toContain('value="Shared documents of mine"');
    // The path is drawn with a break opportunity after each separator (PathText).
    expect(textOf(html).replace(/\s+/g, '')).toContain('Into/config/mine/docs');
    expect(html).not.toContain('value="/config/mine/docs"');
  });
});

describe('the documents store', () => {
  it('creates a role prompt and opens it, and refuses a taken name under the name field', async () => {
    const { store, open } = await setUp();
    expect(await store.getState().actions.create(PROMPTS, 'Night Owl.md')).toBe('Night Owl');
    expect(open()).toMatchObject({ name: 'Night Owl', status: 'ready', text: '' });
    expect(store.getState().list.dirs[0]!.prompts.map((entry) => entry.name)).toEqual([
      'Companion',
      'Night Owl',
    ]);
    await expect(store.getState().actions.create(PROMPTS, 'night owl')).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'name', message: expect.stringContaining('already') }],
    });
  });

  it('saves against the version read, and shows a conflict when the file changed on disk meanwhile', async () => {
    const { runtime, store, open } = await setUp();
    await store.getState().actions.open(DOCS, 'Shop');
    await store.getState().actions.save('# The shop\n\nOpen at ten.\n');
    expect(runtime.documents.folders.get(`docs:${DIR}`)!.get('Shop')).toBe('# The shop\n\nOpen at ten.\n');
    expect(open().conflict).toBeNull();

    runtime.documents.changeOnDisk(DOCS, 'Shop', 'Edited in another editor.\n');
    await expect(store.getState().actions.save('Mine.\n')).rejects.toMatchObject({ code: 'conflict' });
    expect(open().conflict).toMatch(/changed on disk since you opened it/);
    expect(runtime.documents.folders.get(`docs:${DIR}`)!.get('Shop')).toBe('Edited in another editor.\n');

    const loadsBefore = open().loads;
    await store.getState().actions.reload();
    expect(open()).toMatchObject({ text: 'Edited in another editor.\n', conflict: null });
    expect(open().loads).toBe(loadsBefore + 1);
  });

  it('follows a change on disk when nothing is unsaved, and holds it back as a conflict when something is', async () => {
    const { runtime, store, open } = await setUp();
    await store.getState().actions.open(DOCS, 'Shop');
    runtime.documents.changeOnDisk(DOCS, 'Shop', 'Changed by hand.\n');
    store.getState().actions.applyConfigReloaded();
    await expect.poll(() => open().text).toBe('Changed by hand.\n');

    store.getState().actions.setDirty(true);
    runtime.documents.changeOnDisk(DOCS, 'Shop', 'Changed again.\n');
    store.getState().actions.applyConfigReloaded();
    await expect.poll(() => open().conflict).toMatch(/changed on disk while you were editing/);
    expect(open().text).toBe('Changed by hand.\n');
  });

  it('keeps a role prompt in use, with the runtime’s refusal naming the agents', async () => {
    const { store } = await setUp();
    await expect(store.getState().actions.delete(PROMPTS, 'Companion')).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Juniper'),
    });
    await store.getState().actions.rename(PROMPTS, 'Companion', 'Bookseller', true);
    expect(store.getState().list.dirs[0]!.prompts.map((entry) => entry.name)).toEqual(['Bookseller']);
  });
});

describe('the documents views', () => {
  it('list each directory’s prompts with the agents using them, and its documents', async () => {
    const { store } = await setUp();
    const text = textOf(renderDocuments(store, createElement(DocumentsPage)));
    expect(text).toContain('Role prompts');
    expect(text).toContain('Companion used by Juniper');
    expect(text).toContain('Shared documents');
    expect(text).toContain('Shop');
    expect(text).toContain('No document open');
  });

  it('show the conflict with the offer to reload', async () => {
    const { runtime, store } = await setUp();
    await store.getState().actions.open(DOCS, 'Shop');
    runtime.documents.changeOnDisk(DOCS, 'Shop', 'Elsewhere.\n');
    await store
      .getState()
      .actions.save('Mine.\n')
      .catch(() => {});
    const html = renderDocuments(
      store,
      createElement(DocumentEditor, { empty: 'Nothing open.', shows: () => true }),
    );
    expect(textOf(html)).toContain('Changed on disk');
    expect(textOf(html)).toContain('Reload the document');
    expect(html).toContain('role="alert"');
  });

  it('show on the Documents page only a document of its lists, not an agent’s left open on its tab', async () => {
    const { runtime, store } = await setUp();
    runtime.documents.add({ kind: 'agent', agent: 'Juniper' }, 'Regulars', 'Pat comes on Thursdays.\n');
    await store.getState().actions.open({ kind: 'agent', agent: 'Juniper' }, 'Regulars');
    const left = textOf(renderDocuments(store, createElement(DocumentsPage)));
    expect(left).toContain('No document open');
    expect(left).not.toContain('Regulars.md');

    await store.getState().actions.open(DOCS, 'Shop');
    expect(textOf(renderDocuments(store, createElement(DocumentsPage)))).toContain('Shop.md');
  });

  it('show on an agent’s tab only its own documents: one moved to the shared documents is not kept open', async () => {
    const { runtime, store } = await setUp();
    const juniper = { kind: 'agent', agent: 'Juniper' } as const;
    runtime.documents.add(juniper, 'Regulars', 'Pat comes on Thursdays.\n');
    await store.getState().actions.loadAgentDocs('Juniper');
    await store.getState().actions.open(juniper, 'Regulars');
    const tab = () =>
      textOf(
        renderDocuments(
          store,
          createElement(AgentDocuments, { configName: 'Juniper', agentName: 'Juniper' }),
        ),
      );
    expect(tab()).toContain('Regulars.md');

    await store.getState().actions.move(juniper, 'Regulars', DOCS);
    expect(tab()).toContain('No document open');
    expect(tab()).not.toContain('Regulars.md');
    expect(textOf(renderDocuments(store, createElement(DocumentsPage)))).toContain('Regulars.md');
  });

  it('say how the auto-save stands', async () => {
    const { store } = await setUp();
    const status = (props: { saving: boolean; savedAt: number | null; error: string | null }) =>
      textOf(renderDocuments(store, createElement(AutoSaveStatus, props))).trim();
    expect(status({ saving: true, savedAt: null, error: null })).toBe('Saving…');
    expect(status({ saving: false, savedAt: null, error: 'Disk full.' })).toBe('Error: not saved');
    expect(status({ saving: false, savedAt: null, error: null })).toBe('');
  });
});
