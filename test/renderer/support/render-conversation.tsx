import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import {
  ConversationNetworkProvider,
  type ConversationStores,
  ConversationStoresContext,
} from '../../../src/renderer/features/conversations/store';
import type { Network } from '../../../src/shared/api/conversation-contract';

/**
 * Draws a conversation view as the console would, from the network's store as it stands now, as
 * markup (effects do not run, so nothing is fetched). Mantine's styles are dropped.
 */
export function renderConversationMarkup(
  stores: ConversationStores,
  network: Network,
  element: ReactElement,
): string {
  const store = stores[network];
  const now = { ...stores, [network]: { ...store, getInitialState: () => store.getState() } };
  const html = renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <ConversationStoresContext value={now}>
          <ConversationNetworkProvider network={network}>{element}</ConversationNetworkProvider>
        </ConversationStoresContext>
      </Router>
    </MantineProvider>,
  );
  return html.replace(/<style[\s\S]*?<\/style>/g, '');
}
