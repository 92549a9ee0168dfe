import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BaseUrlField } from '../../src/renderer/features/settings/components/BaseUrlField';
import { SecretField } from '../../src/renderer/features/settings/components/SecretField';
import { TranslationSettingsForm } from '../../src/renderer/features/settings/components/TranslationSettingsForm';
import { createSettingsStore, type SettingsStore } from '../../src/renderer/features/settings/store';
import { FakeRuntime } from './support/fake-runtime';
import { textOf } from './support/render-markup';
import { renderSettings } from './support/render-settings';

describe('settings a variable of the environment overrides', () => {
  let runtime: FakeRuntime;
  let store: SettingsStore;

  beforeEach(async () => {
    runtime = new FakeRuntime();
    runtime.info = {
      ...runtime.info,
      environmentBaseUrls: [
        { provider: 'openai', variable: 'OPENAI_BASE_URL', url: 'http://127.0.0.1:9/v1' },
      ],
    };
    runtime.secrets.set('gemini.apiKey', {
      name: 'gemini.apiKey',
      isSet: false,
      updatedAt: null,
      environmentVariable: 'GEMINI_API_KEY',
    });
    store = createSettingsStore(runtime.client);
    await Promise.all([store.getState().actions.loadInfo(), store.getState().actions.loadSettings()]);
  });

  const text = (element: Parameters<typeof renderSettings>[1]) => textOf(renderSettings(store, element));

  it('shows the base URL in effect and the variable it comes from, and the default otherwise', () => {
    expect(
      text(createElement(BaseUrlField, { provider: 'openai', accessibleLabel: 'OpenAI base URL' })),
    ).toContain('In effect: http://127.0.0.1:9/v1, from OPENAI_BASE_URL in the environment');
    const gemini = text(
      createElement(BaseUrlField, { provider: 'gemini', accessibleLabel: 'Gemini base URL' }),
    );
    expect(gemini).toContain('Using the default');
    expect(gemini).not.toContain('In effect');
  });

  it('shows a secret the environment supplies as set from its variable', () => {
    const gemini = text(createElement(SecretField, { name: 'gemini.apiKey', label: 'API key' }));
    expect(gemini).toContain('From GEMINI_API_KEY');
    expect(gemini).toContain('GEMINI_API_KEY in the environment is used in place of a saved value.');
    const openai = text(createElement(SecretField, { name: 'openai.apiKey', label: 'API key' }));
    expect(openai).toContain('Not set');
    expect(openai).toContain('Nothing stored');
  });

  it('offers the translation model, empty meaning each conversation’s own', () => {
    const empty = renderSettings(store, createElement(TranslationSettingsForm, { saved: { model: '' } }));
    expect(textOf(empty)).toContain("Empty: each conversation's own model.");
    expect(empty).toContain('placeholder="The conversation&#x27;s model"');
    const named = renderSettings(
      store,
      createElement(TranslationSettingsForm, { saved: { model: 'gpt-4o-mini' } }),
    );
    expect(named).toContain('value="gpt-4o-mini"');
  });
});
