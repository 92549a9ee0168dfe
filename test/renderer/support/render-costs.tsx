import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type CostsStore, CostsStoreContext } from '../../../src/renderer/features/costs/store';

/** Draws a costs view from the store as it stands (effects do not run: a test follows the query first). */
export function renderCosts(store: CostsStore, element: ReactElement): string {
  const now: CostsStore = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/costs">
        <CostsStoreContext value={now}>{element}</CostsStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
