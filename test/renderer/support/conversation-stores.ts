import { feedStoresFromEvents } from '../../../src/renderer/api/events';
import { createAgentsStore } from '../../../src/renderer/features/agents/store';
import {
  type ConversationStoreOptions,
  type ConversationStores,
  createConversationStore,
} from '../../../src/renderer/features/conversations/store';
import { type CopilotStore, createCopilotStore } from '../../../src/renderer/features/copilot/store';
import { createCostsStore } from '../../../src/renderer/features/costs/store';
import { createDocumentsStore } from '../../../src/renderer/features/documents/store';
import { createMediaStore, type MediaStore } from '../../../src/renderer/features/media/store';
import { createMemoryStore, type MemoryStore } from '../../../src/renderer/features/memory/store';
import { createSessionStore } from '../../../src/renderer/features/session/store';
import { createSettingsStore } from '../../../src/renderer/features/settings/store';
import { createTelegramStore, type TelegramStore } from '../../../src/renderer/features/telegram/store';
import type { ApiClient } from '../../../src/shared/api/client';

/** The console's two conversation stores, with the list refresh undelayed for tests. */
export function createConversationStores(
  client: ApiClient,
  options: Omit<ConversationStoreOptions, 'network'> = {},
): ConversationStores {
  return {
    simulator: createConversationStore(client, { network: 'simulator', listRefreshMs: 0, ...options }),
    telegram: createConversationStore(client, { network: 'telegram', listRefreshMs: 0, ...options }),
  };
}

/**
 * Feeds the console's stores from the fake runtime's events, as the console does once signed in;
 * the stores a test cares about come in, the rest are made here. Returns the stop function.
 */
export function feedFromRuntimeEvents(
  client: ApiClient,
  stores: {
    conversations: ConversationStores;
    telegram?: TelegramStore;
    memory?: MemoryStore;
    media?: MediaStore;
    copilot?: CopilotStore;
  },
): () => void {
  return feedStoresFromEvents(
    { client, onStatus: () => () => {} },
    {
      agents: createAgentsStore(client),
      settings: createSettingsStore(client),
      session: createSessionStore({
        auth: {
          getSession: async () => ({ authenticated: true, passwordLogin: true }),
          login: async () => ({ kind: 'signed-in' }),
          logout: async () => {},
        },
        now: () => 0,
      }),
      conversations: stores.conversations,
      telegram: stores.telegram ?? createTelegramStore(client),
      memory: stores.memory ?? createMemoryStore(client),
      media: stores.media ?? createMediaStore(client),
      costs: createCostsStore(client),
      copilot: stores.copilot ?? createCopilotStore(client),
      documents: createDocumentsStore(client),
    },
  );
}
