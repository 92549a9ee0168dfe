import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type ScheduleStore, ScheduleStoreContext } from '../../../src/renderer/features/schedule/store';

/** Draws a schedule view from the store as it stands (effects do not run: a test loads first). */
export function renderSchedule(store: ScheduleStore, element: ReactElement): string {
  const now: ScheduleStore = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <ScheduleStoreContext value={now}>{element}</ScheduleStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
