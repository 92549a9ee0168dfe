import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { EngineSettingsForm } from '../../src/renderer/features/settings/components/EngineSettingsForm';
import { createSettingsStore } from '../../src/renderer/features/settings/store';
import { DEFAULT_ENGINE_SETTINGS, EngineSettingsSchema } from '../../src/shared/domain/settings';
import { FakeRuntime } from './support/fake-runtime';
import { textOf } from './support/render-markup';
import { renderSettings } from './support/render-settings';

describe('the engine settings form', () => {
  it('gives Typing speed the limit the settings accept, with no promise past it', () => {
    const store = createSettingsStore(new FakeRuntime().client);
    const text = textOf(
      renderSettings(store, createElement(EngineSettingsForm, { engine: DEFAULT_ENGINE_SETTINGS })),
    );
    expect(text).toContain('Characters per second, up to 1000; 1000 means no typing time.');
    expect(text).not.toContain('or more');
    const accepts = (typingSpeed: number) =>
      EngineSettingsSchema.safeParse({ ...DEFAULT_ENGINE_SETTINGS, typingSpeed }).success;
    expect(accepts(1000)).toBe(true);
    expect(accepts(1001)).toBe(false);
  });
});
