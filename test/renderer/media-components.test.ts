import { createElement, type ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MediaRecordRow } from '../../src/renderer/features/media/components/MediaRecordRow';
import { copyKey } from '../../src/renderer/features/media/model';
import {
  createMediaStore,
  type MediaStore,
  MediaStoreContext,
} from '../../src/renderer/features/media/store';
import { createMemoryStore } from '../../src/renderer/features/memory/store';
import { MediaCard } from '../../src/renderer/ui/chat/MediaCard';
import { MediaView } from '../../src/renderer/ui/media/MediaView';
import type { MediaRecordView } from '../../src/shared/api/media-contract';
import { mediaRecord } from './support/fake-media';
import { FakeRuntime, settle } from './support/fake-runtime';
import { renderMarkup, textOf } from './support/render-markup';

const CONFIG_DIRS = ['/config/samples', '/config/configdir'];

describe('media views', () => {
  let runtime: FakeRuntime;
  let store: MediaStore;

  /** Draws a view from the media store's state now (effects do not run: nothing loads). */
  const render = (media: MediaStore, element: ReactElement) => {
    const now: MediaStore = { ...media, getInitialState: () => media.getState() };
    return renderMarkup(
      createMemoryStore(runtime.client),
      createElement(MediaStoreContext, { value: now }, element),
    );
  };

  const row = (record: MediaRecordView, showLocation = false) =>
    render(
      store,
      createElement(MediaRecordRow, {
        entry: { key: copyKey(record), record },
        configDirs: CONFIG_DIRS,
        showLocation,
        focused: false,
      }),
    );

  beforeEach(() => {
    runtime = new FakeRuntime();
    store = createMediaStore(runtime.client);
  });

  it('names a message’s media by kind and description, and links its pencil to the editor', () => {
    const html = render(
      store,
      createElement(MediaCard, {
        part: { kind: 'media', mediaKind: 'photo', uniqueId: 'photo-1', description: 'A beach at dusk' },
        src: '/media/message/simulator/Juniper/1001/7/photo-1',
        editHref: '/media/photo-1',
      }),
    );

    expect(html).toContain('aria-label="Photo: A beach at dusk"');
    expect(html).toContain('href="/media/photo-1"');
    expect(html).toContain('aria-label="Edit the description of this photo"');
    // Nothing loads before it nears the view: no <img> yet, no broken image.
    expect(html).not.toContain('<img');
  });

  it('says why a file has no description', () => {
    const html = render(
      store,
      createElement(MediaView, {
        src: '/media/stored/v',
        kind: 'audio',
        description: null,
        failureReason: 'the file is too long',
        variant: 'bubble',
      }),
    );

    expect(html).toContain('aria-label="Audio: Could not be analyzed (the file is too long)"');
  });

  it('shows a placeholder with the kind and description for a file Troupe does not have', () => {
    const text = textOf(
      render(
        store,
        createElement(MediaView, {
          src: null,
          kind: 'video',
          description: 'A dog on a skateboard',
          variant: 'bubble',
        }),
      ),
    );

    expect(text).toContain('Video · no file');
    expect(text).toContain('A dog on a skateboard');
  });

  it('lists a document by name and size with a link to its file', () => {
    const html = render(
      store,
      createElement(MediaView, {
        src: '/media/stored/doc-1',
        kind: 'document',
        fileName: 'menu.pdf',
        fileSize: 48_000,
        description: null,
        variant: 'bubble',
      }),
    );

    expect(textOf(html)).toContain('menu.pdf 47 KB · Download');
    expect(html).toContain('href="/media/stored/doc-1"');
    expect(html).toContain('download="menu.pdf"');
  });

  it('draws a curated record with its status, who keeps it, and its description to edit', () => {
    const html = row(
      mediaRecord('cat-sleep', {
        stickerSetName: 'Cats',
        stickerSetTitle: 'Cute cats',
        stickerName: '😴',
        description: 'A cat asleep on a keyboard',
        status: 'curated',
        savedBy: ['Juniper'],
      }),
    );
    const text = textOf(html);

    expect(html).toContain('aria-label="😴 · Cute cats, cat-sleep"');
    expect(text).toContain('Curated');
    expect(text).toContain('Saved by Juniper');
    expect(html).toContain('aria-label="Description of cat-sleep"');
    expect(html).toContain('>A cat asleep on a keyboard</textarea>');
    expect(text).toContain('Describe again');
    expect(text).toContain('Move to…');
    expect(html).toContain('aria-label="Delete the record cat-sleep"');
    expect(text).not.toContain('Edits go to');
  });

  it('says what agents are told of a record whose description is empty', () => {
    const empty = textOf(row(mediaRecord('cat-blank', { description: null, status: 'curated' })));
    expect(empty).toContain('No description: agents are told only what kind of file this is');
    const described = textOf(
      row(mediaRecord('cat-sleep', { description: 'A cat asleep', status: 'curated' })),
    );
    expect(described).not.toContain('No description');
  });

  it('asks where edits of a cached record go, the first config directory by default', () => {
    const html = row(
      mediaRecord('dog-run', {
        location: { kind: 'cache' },
        status: 'permanent_failure',
        failureReason: 'refused by the model',
      }),
      true,
    );
    const text = textOf(html);

    expect(text).toContain('Description cache');
    expect(text).toContain('Failed');
    expect(text).toContain('Could not be analyzed: refused by the model');
    expect(text).toContain('Edits go to');
    expect(html).toContain('value="/config/samples"');
  });

  it('shows a long config directory edits go to by its end, whole on hover and in the options', () => {
    const home = '/home/operator/projects/troupe';
    const record = mediaRecord('dog-run', { location: { kind: 'cache' } });
    const html = render(
      store,
      createElement(MediaRecordRow, {
        entry: { key: copyKey(record), record },
        configDirs: [`${home}/configdir`, `${home}/samples`],
        showLocation: false,
        focused: false,
      }),
    );

    expect(html).toContain('aria-label="Config directory for the description of dog-run"');
    expect(html).toContain('value="…/troupe/configdir"');
    expect(html).toContain(`title="${home}/configdir"`);
  });

  it('shows the runtime’s refusal on the record it concerns', async () => {
    const record = mediaRecord('cat-sleep', { savedBy: ['Juniper', 'Heidi'] });
    runtime.media.seed(record);
    store.getState().actions.follow();
    await settle();

    await store.getState().actions.remove(copyKey(record));

    const html = row(store.getState().list.entries[0]!.record);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain('Juniper, Heidi have it in Saved Messages; remove it there first.');
  });
});
