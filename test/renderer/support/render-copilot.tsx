import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import type { ChatRef } from '../../../src/renderer/features/conversations/model';
import {
  ConversationNetworkProvider,
  type ConversationStores,
  ConversationStoresContext,
} from '../../../src/renderer/features/conversations/store';
import { CopilotDock } from '../../../src/renderer/features/copilot/components/CopilotDock';
import { type CopilotStore, CopilotStoreContext } from '../../../src/renderer/features/copilot/store';

/** Draws a Simulator chat's co-pilot dock from the stores as they stand now, as markup without styles. */
export function renderCopilotDockMarkup(
  stores: ConversationStores,
  copilot: CopilotStore,
  ref: ChatRef,
  agentName: string,
): string {
  const store = stores.simulator;
  const now = { ...stores, simulator: { ...store, getInitialState: () => store.getState() } };
  const frozen = { ...copilot, getInitialState: () => copilot.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/playground">
        <ConversationStoresContext value={now}>
          <CopilotStoreContext value={frozen}>
            <ConversationNetworkProvider network="simulator">
              <CopilotDock chatRef={ref} agentName={agentName} />
            </ConversationNetworkProvider>
          </CopilotStoreContext>
        </ConversationStoresContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
