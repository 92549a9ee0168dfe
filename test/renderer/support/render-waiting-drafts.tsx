import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type CopilotStore, CopilotStoreContext } from '../../../src/renderer/features/copilot/store';

/** Draws a view of the co-pilot store (the drafts waiting) from its state now, as markup without styles. */
export function renderCopilotMarkup(copilot: CopilotStore, element: ReactElement): string {
  const now = { ...copilot, getInitialState: () => copilot.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <CopilotStoreContext value={now}>{element}</CopilotStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
