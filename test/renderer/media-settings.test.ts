import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { mediaChanges, mediaDraftErrors } from '../../src/renderer/features/settings/media-settings';
import { createSettingsStore } from '../../src/renderer/features/settings/store';
import { DEFAULT_MEDIA_SETTINGS } from '../../src/shared/domain/settings';
import { FakeRuntime } from './support/fake-runtime';

describe('media description settings', () => {
  it('sends only what changed, the model trimmed', () => {
    const saved = DEFAULT_MEDIA_SETTINGS;
    expect(mediaChanges({ ...saved }, saved)).toEqual({});
    expect(mediaChanges({ ...saved, model: ' gpt-4o-mini ', descriptionsPerTurn: 2 }, saved)).toEqual({
      model: 'gpt-4o-mini',
      descriptionsPerTurn: 2,
    });
  });

  it('asks for a number where a field was left empty', () => {
    expect(mediaDraftErrors({ ...DEFAULT_MEDIA_SETTINGS, maxFileMegabytes: '' })).toEqual({
      'media.maxFileMegabytes': 'Enter a number.',
    });
    expect(mediaDraftErrors(DEFAULT_MEDIA_SETTINGS)).toEqual({});
  });

  it('saves through the API, which refuses an out-of-range budget under its field', async () => {
    const runtime = new FakeRuntime();
    const store = createSettingsStore(runtime.client);
    await store.getState().actions.loadSettings();
    await store.getState().actions.updateSettings({ media: { descriptionsPerTurn: 3 } });
    expect(runtime.settings.media).toEqual({ ...DEFAULT_MEDIA_SETTINGS, descriptionsPerTurn: 3 });
    const error = await store
      .getState()
      .actions.updateSettings({ media: { descriptionsPerTurn: 500 } })
      .catch((caught: unknown) => caught);
    expect(Object.keys(fieldErrors(error))).toEqual(['media.descriptionsPerTurn']);
    expect(runtime.settings.media.descriptionsPerTurn).toBe(3);
  });
});
