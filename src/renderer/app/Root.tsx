import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import type { ConsoleConnection } from '../api/connect';
import { ServerUnreachablePage, SignInPage } from '../features/session/components/SignInPage';
import {
  type SessionStore,
  SessionStoreContext,
  sessionSelectors,
  useSessionStore,
} from '../features/session/store';
import { LoadingState } from '../ui/states';
import { Console } from './Console';
import { colorSchemeManager, theme } from './theme';

function SessionGate({ connect, session }: { connect: () => ConsoleConnection; session: SessionStore }) {
  const phase = useSessionStore(sessionSelectors.phase);
  const { checkSession } = useSessionStore(sessionSelectors.actions);

  useEffect(() => {
    void checkSession();
  }, [checkSession]);

  switch (phase.kind) {
    case 'checking':
      return <LoadingState label="Connecting to Troupe…" minHeight="100vh" />;
    case 'unreachable':
      return <ServerUnreachablePage message={phase.message} />;
    case 'signed-out':
      return <SignInPage passwordLogin={phase.passwordLogin} />;
    case 'signed-in':
      return <Console connect={connect} session={session} />;
    default:
      return phase satisfies never;
  }
}

/**
 * The whole renderer: theme, toasts, and the session gate in front of the console. `connect`
 * opens the API connection once the session allows it (at once inside Electron).
 */
export function Root({ session, connect }: { session: SessionStore; connect: () => ConsoleConnection }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <Notifications position="bottom-right" limit={4} />
      <SessionStoreContext value={session}>
        <SessionGate connect={connect} session={session} />
      </SessionStoreContext>
    </MantineProvider>
  );
}
