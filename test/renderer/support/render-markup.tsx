import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type MemoryStore, MemoryStoreContext } from '../../../src/renderer/features/memory/store';

/**
 * Draws a memory view as the console would, from the store's state now, as markup (effects do
 * not run, so nothing is fetched). A server render reads a store's initial state, so the store is
 * handed over as it stands. Links are drawn as the browser router draws them (`/playground/...`).
 */
export function renderMarkup(store: MemoryStore, element: ReactElement): string {
  const now: MemoryStore = { ...store, getInitialState: () => store.getState() };
  const html = renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <MemoryStoreContext value={now}>{element}</MemoryStoreContext>
      </Router>
    </MantineProvider>,
  );
  // Mantine's global styles come first; only the view's markup matters.
  return html.replace(/<style[\s\S]*?<\/style>/g, '');
}

/** The words of the markup as a screen reader reads them, tags dropped. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}
