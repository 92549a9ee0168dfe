import { beforeEach, describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/renderer/api/errors';
import { settingsSelectors } from '../../src/renderer/features/settings/selectors';
import { createSettingsStore, type SettingsStore } from '../../src/renderer/features/settings/store';
import { ApiError } from '../../src/shared/api/errors';
import { FakeRuntime, settle } from './support/fake-runtime';

describe('settings store', () => {
  let runtime: FakeRuntime;
  let store: SettingsStore;

  beforeEach(() => {
    runtime = new FakeRuntime();
    runtime.secrets.set('gemini.apiKey', {
      name: 'gemini.apiKey',
      isSet: true,
      updatedAt: '2025-05-01T08:00:00.000Z',
      environmentVariable: null,
    });
    store = createSettingsStore(runtime.client);
  });

  it('loads the settings together with the status of every secret', async () => {
    await store.getState().actions.loadSettings();

    expect(settingsSelectors.settingsStatus(store.getState())).toBe('ready');
    expect(settingsSelectors.settings(store.getState())?.configPath).toEqual([]);
    expect(settingsSelectors.secretStatus('gemini.apiKey')(store.getState())).toMatchObject({ isSet: true });
    expect(settingsSelectors.secretStatus('openai.apiKey')(store.getState())).toMatchObject({ isSet: false });
  });

  it('reads a secret it has not heard of as not set, the same object each time', () => {
    const select = settingsSelectors.secretStatus('telegram.apiHash');
    expect(select(store.getState())).toEqual({
      name: 'telegram.apiHash',
      isSet: false,
      updatedAt: null,
      environmentVariable: null,
    });
    expect(select(store.getState())).toBe(select(store.getState()));
  });

  it('shows a secret as set after saving it and as not set after clearing it, never holding its value', async () => {
    await store.getState().actions.loadSettings();

    await store.getState().actions.setSecret('openai.apiKey', 'sk-test-123');
    expect(settingsSelectors.secretStatus('openai.apiKey')(store.getState())).toEqual({
      name: 'openai.apiKey',
      isSet: true,
      updatedAt: runtime.now.toISOString(),
      environmentVariable: null,
    });
    expect(JSON.stringify(store.getState())).not.toContain('sk-test-123');

    await store.getState().actions.clearSecret('openai.apiKey');
    expect(settingsSelectors.secretStatus('openai.apiKey')(store.getState()).isSet).toBe(false);
    expect(runtime.callsOf('secrets.clear')).toEqual([{ name: 'openai.apiKey' }]);
  });

  it('rejects an empty secret with the message the field shows', async () => {
    const error = await store
      .getState()
      .actions.setSecret('xai.apiKey', '')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(fieldErrors(error).value).toBe('Enter a value, or use Clear.');
    expect(settingsSelectors.secretStatus('xai.apiKey')(store.getState()).isSet).toBe(false);
  });

  it('saves a base URL, and reports an invalid one under its field without changing the settings', async () => {
    await store.getState().actions.loadSettings();

    await store.getState().actions.updateSettings({ llmBaseUrls: { ollama: 'http://gpu-box:11434/v1' } });
    expect(settingsSelectors.baseUrl('ollama')(store.getState())).toBe('http://gpu-box:11434/v1');

    const error = await store
      .getState()
      .actions.updateSettings({ llmBaseUrls: { gemini: 'ftp://example.com' } })
      .catch((caught: unknown) => caught);
    expect(fieldErrors(error)['llmBaseUrls.gemini']).toBe(
      'Enter an http:// or https:// URL, or leave it empty for the default.',
    );
    expect(settingsSelectors.baseUrl('gemini')(store.getState())).toBe('');
  });

  it('re-reads the config path in effect after saving a new one', async () => {
    await store.getState().actions.loadInfo();
    runtime.info = { ...runtime.info, configPath: ['/srv/agents'], configPathSource: 'settings' };

    await store.getState().actions.updateSettings({ configPath: ['/srv/agents'] });
    await settle();

    expect(settingsSelectors.configPathSetting(store.getState())).toEqual(['/srv/agents']);
    expect(settingsSelectors.info(store.getState())?.configPathSource).toBe('settings');
  });

  it('keeps the runtime details on screen when a later refresh of them fails', async () => {
    await store.getState().actions.loadInfo();
    runtime.handle('app.info', () => {
      throw new ApiError('unavailable', 'The Troupe server cannot be reached; retrying.');
    });

    await store.getState().actions.loadInfo();

    expect(settingsSelectors.infoStatus(store.getState())).toBe('ready');
    expect(settingsSelectors.info(store.getState())?.version).toBe('0.1.0');
    expect(settingsSelectors.infoError(store.getState())).toBe(
      'The Troupe server cannot be reached; retrying.',
    );
  });

  it('saves engine settings field by field, and reports an out-of-range one under its field', async () => {
    await store.getState().actions.loadSettings();
    expect(settingsSelectors.settings(store.getState())?.engine.typingSpeed).toBe(60);

    await store
      .getState()
      .actions.updateSettings({ engine: { startTypingDelaySeconds: 1, typingSpeed: 1000 } });
    expect(settingsSelectors.settings(store.getState())?.engine).toMatchObject({
      startTypingDelaySeconds: 1,
      typingSpeed: 1000,
      maxRetries: 10,
    });

    const error = await store
      .getState()
      .actions.updateSettings({ engine: { llmConcurrency: 0 } })
      .catch((caught: unknown) => caught);
    expect(fieldErrors(error)['engine.llmConcurrency']).toBeDefined();
    expect(settingsSelectors.settings(store.getState())?.engine.llmConcurrency).toBe(4);
  });
});
