import { useEffect, useMemo } from 'react';
import { ErrorState, LoadingState } from '../../../ui/states';
import { isLoggedIn } from '../../conversations/telegram-agents';
import { telegramSelectors } from '../../telegram/selectors';
import { useTelegramStore } from '../../telegram/store';
import type { Loaded } from '../store';

/** Whether the agent is signed in; once its account is connected, `load` reads the part a tab shows. */
export function useAccountPart(configName: string, load: (configName: string) => Promise<void>) {
  const account = useTelegramStore(useMemo(() => telegramSelectors.account(configName), [configName]));
  const connected = account?.connection === 'connected';
  useEffect(() => {
    if (connected) void load(configName);
  }, [connected, configName, load]);
  return { signedIn: isLoggedIn(account) };
}

/** A part not read yet: why it could not be (with a retry), or that it is being read. */
export function PendingPart({
  loaded,
  what,
  onRetry,
}: {
  loaded: Loaded<unknown>;
  /** "the contacts" */
  what: string;
  onRetry: () => void;
}) {
  if (loaded.status === 'error') {
    const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be read`;
    return <ErrorState title={title} message={loaded.error ?? ''} onRetry={onRetry} />;
  }
  return <LoadingState label={`Reading ${what} from Telegram…`} />;
}
