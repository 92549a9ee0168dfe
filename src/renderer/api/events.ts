import type { AgentsStore } from '../features/agents/store';
import type { PlaygroundStore } from '../features/playground/store';
import type { SessionStore } from '../features/session/store';
import type { SettingsStore } from '../features/settings/store';
import type { TelegramStore } from '../features/telegram/store';
import type { ConsoleConnection } from './connect';

export interface ConsoleStores {
  agents: AgentsStore;
  settings: SettingsStore;
  session: SessionStore;
  playground: PlaygroundStore;
  telegram: TelegramStore;
}

/**
 * The one place where the runtime's events reach the stores: components never subscribe to
 * the transport. When the WebSocket drops, the session is re-checked (it may have ended); when it
 * comes back, events may have been missed, so what is on screen is fetched again. Returns the
 * unsubscribe.
 */
export function feedStoresFromEvents(
  connection: Pick<ConsoleConnection, 'client' | 'onStatus'>,
  { agents, settings, session, playground, telegram }: ConsoleStores,
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
    client.on('settings.changed', (value) => {
      settings.getState().actions.applySettings(value);
      // A new Telegram server setting changes the server in effect, which has no event of its own.
      telegram.getState().actions.resync();
    }),
    client.on('telegram.accountChanged', (account) => telegram.getState().actions.applyAccount(account)),
    client.on('telegram.loginStep', ({ configName, step }) =>
      telegram.getState().actions.applyLoginStep(configName, step),
    ),
    // The Playground shows Simulator chats only; Telegram conversations have their own pages.
    client.on('conversation.message', ({ agent, network, message }) => {
      if (network === 'simulator') playground.getState().actions.applyMessage(agent, message);
    }),
    client.on('conversation.messageEdited', ({ agent, network, message }) => {
      if (network === 'simulator') playground.getState().actions.applyMessageEdited(agent, message);
    }),
    client.on('conversation.messagesDeleted', ({ agent, network, channelId, messageIds }) => {
      if (network === 'simulator')
        playground.getState().actions.applyMessagesDeleted({ agent, channelId }, messageIds);
    }),
    client.on('conversation.graphChanged', ({ agent, network, channelId, graph }) => {
      if (network === 'simulator') playground.getState().actions.applyGraph({ agent, channelId }, graph);
    }),
    client.on('conversation.activity', ({ agent, network, channelId, typing, online }) => {
      if (network === 'simulator')
        playground.getState().actions.applyActivity({ agent, channelId }, { typing, online });
    }),
    client.on('conversation.exchange', ({ agent, network, channelId, exchange }) => {
      if (network === 'simulator')
        playground.getState().actions.applyExchange({ agent, channelId }, exchange);
    }),
    connection.onStatus((status) => {
      session.getState().actions.setConnection(status);
      if (status === 'reconnecting') {
        missedEvents = true;
        void session.getState().actions.verifySession();
      } else if (status === 'online' && missedEvents) {
        missedEvents = false;
        agents.getState().actions.resync();
        settings.getState().actions.resync();
        playground.getState().actions.resync();
        telegram.getState().actions.resync();
      }
    }),
  ];

  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
