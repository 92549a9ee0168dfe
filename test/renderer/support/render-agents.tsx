import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type AgentsStore, AgentsStoreContext } from '../../../src/renderer/features/agents/store';
import { type CostsStore, CostsStoreContext } from '../../../src/renderer/features/costs/store';

/** Draws an agents view from the stores as they stand (effects do not run); models come from the costs store. */
export function renderAgents(
  stores: { agents: AgentsStore; costs: CostsStore },
  element: ReactElement,
): string {
  const agents: AgentsStore = { ...stores.agents, getInitialState: () => stores.agents.getState() };
  const costs: CostsStore = { ...stores.costs, getInitialState: () => stores.costs.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <CostsStoreContext value={costs}>
          <AgentsStoreContext value={agents}>{element}</AgentsStoreContext>
        </CostsStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
