import type { AgentsStore } from '../features/agents/store';
import type { SessionStore } from '../features/session/store';
import type { SettingsStore } from '../features/settings/store';
import type { ConsoleConnection } from './connect';

export interface ConsoleStores {
  agents: AgentsStore;
  settings: SettingsStore;
  session: SessionStore;
}

/**
 * The one place where the runtime's events reach the stores: components never subscribe to
 * the transport. When the WebSocket drops, the session is re-checked (it may have ended); when it
 * comes back, events may have been missed, so what is on screen is fetched again. Returns the
 * unsubscribe.
 */
export function feedStoresFromEvents(
  connection: Pick<ConsoleConnection, 'client' | 'onStatus'>,
  { agents, settings, session }: ConsoleStores,
): () => void {
  const { client } = connection;
  let missedEvents = false;

  const unsubscribes = [
    client.on('agent.stateChanged', (state) => agents.getState().actions.applyRuntimeState(state)),
    client.on('config.reloaded', (report) => {
      agents.getState().actions.applyConfigReport(report);
      settings.getState().actions.applyConfigReload();
    }),
    client.on('secrets.changed', ({ secrets }) => settings.getState().actions.applySecrets(secrets)),
    client.on('settings.changed', (value) => settings.getState().actions.applySettings(value)),
    connection.onStatus((status) => {
      session.getState().actions.setConnection(status);
      if (status === 'reconnecting') {
        missedEvents = true;
        void session.getState().actions.verifySession();
      } else if (status === 'online' && missedEvents) {
        missedEvents = false;
        agents.getState().actions.resync();
        settings.getState().actions.resync();
      }
    }),
  ];

  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
