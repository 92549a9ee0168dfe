import { createElement, type ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { JobsPanel } from '../../src/renderer/features/media/components/JobsPanel';
import { AgentMediaLibrary } from '../../src/renderer/features/media/components/library/AgentMediaLibrary';
import { libraryKey } from '../../src/renderer/features/media/library-model';
import {
  createMediaStore,
  type MediaLibrary,
  type MediaStore,
  MediaStoreContext,
} from '../../src/renderer/features/media/store';
import { createMemoryStore } from '../../src/renderer/features/memory/store';
import type { MediaJob } from '../../src/shared/api/media-contract';
import { SIMULATOR_LIBRARY_REFUSAL } from './support/fake-media-library';
import { FakeRuntime } from './support/fake-runtime';
import { renderMarkup, textOf } from './support/render-markup';

const SAMPLES = '/config/samples';

function job(id: number, overrides: Partial<MediaJob>): MediaJob {
  return {
    id,
    params: { kind: 'describe-missing', location: { kind: 'curated', configDir: SAMPLES }, setName: null },
    status: 'done',
    total: 4,
    done: 4,
    kept: 0,
    failed: 0,
    error: null,
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

describe('media jobs panel and an agent’s Media tab', () => {
  let runtime: FakeRuntime;
  let store: MediaStore;

  const render = (element: ReactElement) => {
    const now: MediaStore = { ...store, getInitialState: () => store.getState() };
    return renderMarkup(
      createMemoryStore(runtime.client),
      createElement(MediaStoreContext, { value: now }, element),
    );
  };
  const withLibrary = (network: 'telegram' | 'simulator', library: Partial<MediaLibrary>) =>
    store.setState({
      libraries: {
        [libraryKey({ agent: 'Juniper', network })]: {
          status: 'ready',
          error: null,
          items: [],
          problems: {},
          ...library,
        },
      },
    });
  const tab = (network: 'telegram' | 'simulator') =>
    render(createElement(AgentMediaLibrary, { configName: 'Juniper', agentName: 'Juniper', network }));

  beforeEach(() => {
    runtime = new FakeRuntime();
    store = createMediaStore(runtime.client);
  });

  it('shows nothing before there is a job', () => {
    store.setState({ jobs: { status: 'ready', error: null, value: [] } });

    expect(render(createElement(JobsPanel))).toBe('');
  });

  it('lists the running and queued jobs with progress and Cancel, then the latest finished with why they failed', () => {
    store.setState({
      jobs: {
        status: 'ready',
        error: null,
        value: [
          job(6, { status: 'queued', total: null, done: 0 }),
          job(5, { status: 'running', total: 40, done: 12, failed: 2 }),
          job(4, {
            status: 'failed',
            params: {
              kind: 'import-set',
              agent: 'Juniper',
              network: 'telegram',
              setName: 'Nope',
              configDir: SAMPLES,
            },
            total: null,
            done: 0,
            error: 'There is no sticker set "Nope".',
          }),
          job(3, {}),
          job(2, {}),
          job(1, {}),
        ],
      },
    });

    const html = render(createElement(JobsPanel));
    const text = textOf(html);

    expect(text).toContain('Waiting for the jobs before it');
    expect(text).toContain('12 of 40 items described · 2 failed');
    expect(html).toContain('aria-label="Describe all missing: 12 of 40 items described · 2 failed"');
    expect(text).toContain('Import sticker set Nope');
    expect(text).toContain('into /config/samples, through Juniper');
    expect(text).toContain('There is no sticker set "Nope".');
    // Cancel for the queued and the running job only.
    expect(html.match(/aria-label="Cancel: /g)).toHaveLength(2);
    // The finished ones fold into the newest, in one line with its Dismiss.
    expect(html.match(/aria-label="Dismiss: /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Dismiss: Import sticker set Nope"');
    expect(text).toContain('Show 3 more finished');
    expect(text).toContain('Dismiss all finished');
    expect(html).not.toContain('aria-label="Import sticker set Nope: ');
  });

  it('leaves out the finished jobs the operator dismissed, and shows nothing when only those are left', () => {
    store.setState({
      jobs: {
        status: 'ready',
        error: null,
        value: [job(2, { status: 'failed', error: 'Out of budget.' }), job(1, {})],
      },
      dismissedJobs: [2],
    });
    const html = render(createElement(JobsPanel));
    expect(html).toContain('aria-label="Dismiss: Describe all missing"');
    expect(textOf(html)).not.toContain('Out of budget.');
    expect(textOf(html)).not.toContain('Dismiss all finished');

    store.setState({ dismissedJobs: [2, 1] });
    expect(render(createElement(JobsPanel))).toBe('');
  });

  it('shows a library’s items with previews, descriptions, a link to the editor, and a refusal as an explanation', () => {
    withLibrary('simulator', {
      items: [{ uniqueId: 'beach', kind: 'photo', description: 'A beach at dusk' }],
      problems: { beach: SIMULATOR_LIBRARY_REFUSAL },
    });

    const html = tab('simulator');

    expect(html).toContain('aria-label="Photo: A beach at dusk"');
    expect(html).toContain('href="/media/beach"');
    expect(html).toContain('aria-label="Description of beach"');
    expect(html).toContain('>A beach at dusk</textarea>');
    expect(textOf(html)).toContain(SIMULATOR_LIBRARY_REFUSAL);
    expect(textOf(html)).toContain('Add file…');
  });

  it('says when Saved Messages hold nothing, and why a library cannot be listed, with nothing to add to it', () => {
    withLibrary('telegram', {});
    expect(textOf(tab('telegram'))).toContain('Nothing in Saved Messages yet');

    withLibrary('telegram', { status: 'error', error: 'Juniper is not connected to Telegram.' });
    const unreachable = textOf(tab('telegram'));
    expect(unreachable).toContain('The media library could not be loaded');
    expect(unreachable).toContain('Juniper is not connected to Telegram.');
    expect(unreachable).not.toContain('Add file…');
  });
});
