import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { type TelegramStore, TelegramStoreContext } from '../../../src/renderer/features/telegram/store';
import {
  type TelegramAccountStore,
  TelegramAccountStoreContext,
} from '../../../src/renderer/features/telegram-account/store';

/** Draws an account view from the stores as they stand (effects do not run: a test loads first). */
export function renderTelegramAccount(
  stores: { telegram: TelegramStore; account: TelegramAccountStore },
  element: ReactElement,
): string {
  const telegram: TelegramStore = { ...stores.telegram, getInitialState: () => stores.telegram.getState() };
  const account: TelegramAccountStore = {
    ...stores.account,
    getInitialState: () => stores.account.getState(),
  };
  return renderToStaticMarkup(
    <MantineProvider>
      <Router ssrPath="/agents">
        <TelegramStoreContext value={telegram}>
          <TelegramAccountStoreContext value={account}>{element}</TelegramAccountStoreContext>
        </TelegramStoreContext>
      </Router>
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
