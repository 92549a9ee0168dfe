import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type SettingsStore, SettingsStoreContext } from '../../../src/renderer/features/settings/store';

/** Draws a settings view from the store as it stands, as markup (effects do not run). */
export function renderSettings(store: SettingsStore, element: ReactElement): string {
  const now: SettingsStore = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <SettingsStoreContext value={now}>{element}</SettingsStoreContext>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
