import { useEffect } from 'react';
import { telegramSelectors } from './selectors';
import { useTelegramStore } from './store';

/** Loads the agents' Telegram accounts once, for a view that shows them; `telegram.accountChanged` keeps them live. */
export function useAccountsLoaded(): void {
  const status = useTelegramStore(telegramSelectors.status);
  const { loadAccounts } = useTelegramStore(telegramSelectors.actions);
  useEffect(() => {
    if (status === 'idle') void loadAccounts();
  }, [status, loadAccounts]);
}
