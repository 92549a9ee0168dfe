import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type DocumentsStore, DocumentsStoreContext } from '../../../src/renderer/features/documents/store';

/** Draws a documents view from the store as it stands (effects do not run: a test loads first). */
export function renderDocuments(store: DocumentsStore, element: ReactElement): string {
  const now: DocumentsStore = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/documents">
        <DocumentsStoreContext value={now}>{element}</DocumentsStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
