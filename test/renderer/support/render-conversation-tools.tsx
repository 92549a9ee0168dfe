import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import {
  type ConversationToolsStore,
  ConversationToolsStoreContext,
} from '../../../src/renderer/features/conversation-tools/store';

/** Draws a conversation tool's view from the tools store as it stands now, as markup without styles. */
export function renderToolsMarkup(store: ConversationToolsStore, element: ReactElement): string {
  const now = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/playground">
        <ConversationToolsStoreContext value={now}>{element}</ConversationToolsStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
