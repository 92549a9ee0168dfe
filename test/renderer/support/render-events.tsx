import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type EventsStore, EventsStoreContext } from '../../../src/renderer/features/events/store';

/** Draws an events view from the store as it stands (effects do not run: a test loads first). */
export function renderEvents(store: EventsStore, element: ReactElement): string {
  const now: EventsStore = { ...store, getInitialState: () => store.getState() };
  return renderToStaticMarkup(
    <MantineProvider>
      <EventsStoreContext value={now}>{element}</EventsStoreContext>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
