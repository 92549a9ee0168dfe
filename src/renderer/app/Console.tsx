import { type ReactNode, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import type { ConsoleConnection } from '../api/connect';
import { feedStoresFromEvents } from '../api/events';
import { type AgentsStore, AgentsStoreContext, createAgentsStore } from '../features/agents/store';
import {
  type ConversationToolsStore,
  ConversationToolsStoreContext,
  createConversationToolsStore,
} from '../features/conversation-tools/store';
import { chatListOfPath } from '../features/conversations/paths';
import {
  type ConversationStores,
  ConversationStoresContext,
  createConversationStore,
} from '../features/conversations/store';
import { type CopilotStore, CopilotStoreContext, createCopilotStore } from '../features/copilot/store';
import { type CostsStore, CostsStoreContext, createCostsStore } from '../features/costs/store';
import {
  createDocumentsStore,
  type DocumentsStore,
  DocumentsStoreContext,
} from '../features/documents/store';
import { createEventsStore, type EventsStore, EventsStoreContext } from '../features/events/store';
import { createMediaStore, type MediaStore, MediaStoreContext } from '../features/media/store';
import { createMemoryStore, type MemoryStore, MemoryStoreContext } from '../features/memory/store';
import {
  createPlaygroundStore,
  type PlaygroundStore,
  PlaygroundStoreContext,
} from '../features/playground/store';
import { createScheduleStore, type ScheduleStore, ScheduleStoreContext } from '../features/schedule/store';
import type { SessionStore } from '../features/session/store';
import { createSettingsStore, type SettingsStore, SettingsStoreContext } from '../features/settings/store';
import { createTelegramStore, type TelegramStore, TelegramStoreContext } from '../features/telegram/store';
import {
  createTelegramAccountStore,
  type TelegramAccountStore,
  TelegramAccountStoreContext,
} from '../features/telegram-account/store';
import { ConsoleRoutes } from './routes';
import { Shell } from './Shell';

type ConnectedStores = {
  agents: AgentsStore;
  settings: SettingsStore;
  conversations: ConversationStores;
  telegram: TelegramStore;
  memory: MemoryStore;
  media: MediaStore;
  playground: PlaygroundStore;
  costs: CostsStore;
  copilot: CopilotStore;
  documents: DocumentsStore;
  conversationTools: ConversationToolsStore;
  events: EventsStore;
  schedule: ScheduleStore;
  telegramAccount: TelegramAccountStore;
};

function ConsoleProviders({ stores, children }: { stores: ConnectedStores; children: ReactNode }) {
  return (
    <AgentsStoreContext value={stores.agents}>
      <SettingsStoreContext value={stores.settings}>
        <ConversationStoresContext value={stores.conversations}>
          <TelegramStoreContext value={stores.telegram}>
            <MemoryStoreContext value={stores.memory}>
              <MediaStoreContext value={stores.media}>
                <PlaygroundStoreContext value={stores.playground}>
                  <CostsStoreContext value={stores.costs}>
                    <CopilotStoreContext value={stores.copilot}>
                      <DocumentsStoreContext value={stores.documents}>
                        <ConversationToolsStoreContext value={stores.conversationTools}>
                          <EventsStoreContext value={stores.events}>
                            <ScheduleStoreContext value={stores.schedule}>
                              <TelegramAccountStoreContext value={stores.telegramAccount}>
                                {children}
                              </TelegramAccountStoreContext>
                            </ScheduleStoreContext>
                          </EventsStoreContext>
                        </ConversationToolsStoreContext>
                      </DocumentsStoreContext>
                    </CopilotStoreContext>
                  </CostsStoreContext>
                </PlaygroundStoreContext>
              </MediaStoreContext>
            </MemoryStoreContext>
          </TelegramStoreContext>
        </ConversationStoresContext>
      </SettingsStoreContext>
    </AgentsStoreContext>
  );
}

/**
 * Asks for a conversation page's chat list as soon as the address names it, so the request
 * overlaps drawing the page instead of waiting for the page's effects. Listening before the
 * router mounts puts this ahead of the router's own `hashchange` listener, which redraws at once.
 */
function askForChatListsEarly(stores: ConversationStores): () => void {
  const onAddress = () => {
    const list = chatListOfPath(location.hash.replace(/^#/, ''));
    if (list) stores[list.network].getState().actions.selectAgent(list.agent);
  };
  window.addEventListener('hashchange', onAddress);
  return () => window.removeEventListener('hashchange', onAddress);
}

/**
 * The signed-in console: opens the connection, builds the feature stores on its client, feeds
 * them from the event stream, and closes it all when unmounted (sign-out, hot reload).
 */
export function Console({ connect, session }: { connect: () => ConsoleConnection; session: SessionStore }) {
  const [connected, setConnected] = useState<{
    kind: ConsoleConnection['kind'];
    stores: ConnectedStores;
  } | null>(null);

  useEffect(() => {
    const connection = connect();
    const stores = {
      agents: createAgentsStore(connection.client),
      settings: createSettingsStore(connection.client),
      conversations: {
        simulator: createConversationStore(connection.client, { network: 'simulator' }),
        telegram: createConversationStore(connection.client, { network: 'telegram' }),
      },
      telegram: createTelegramStore(connection.client),
      memory: createMemoryStore(connection.client),
      media: createMediaStore(connection.client),
      playground: createPlaygroundStore(connection.client),
      costs: createCostsStore(connection.client),
      copilot: createCopilotStore(connection.client),
      documents: createDocumentsStore(connection.client),
      conversationTools: createConversationToolsStore(connection.client),
      events: createEventsStore(connection.client),
      schedule: createScheduleStore(connection.client),
      telegramAccount: createTelegramAccountStore(connection.client),
    };
    const stopFeeding = feedStoresFromEvents(connection, { ...stores, session });
    const stopFollowing = askForChatListsEarly(stores.conversations);
    setConnected({ kind: connection.kind, stores });
    return () => {
      stopFollowing();
      stopFeeding();
      connection.close();
    };
  }, [connect, session]);

  if (!connected) return null;
  return (
    <ConsoleProviders stores={connected.stores}>
      <Router hook={useHashLocation}>
        <Shell canSignOut={connected.kind === 'browser'}>
          <ConsoleRoutes />
        </Shell>
      </Router>
    </ConsoleProviders>
  );
}
