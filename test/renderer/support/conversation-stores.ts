import {
  type ConversationStoreOptions,
  type ConversationStores,
  createConversationStore,
} from '../../../src/renderer/features/conversations/store';
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
