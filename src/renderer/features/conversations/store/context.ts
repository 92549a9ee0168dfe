import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Network } from '../../../../shared/api/conversation-contract';
import type { ConversationState, ConversationStore } from './types';

/** The console's conversation stores, one per network. */
export type ConversationStores = Record<Network, ConversationStore>;

export const ConversationStoresContext = createContext<ConversationStores | null>(null);

const NetworkContext = createContext<Network | null>(null);

/** Names the network of the page inside: the shared conversation views read its store. */
export function ConversationNetworkProvider({
  network,
  children,
}: {
  network: Network;
  children: ReactNode;
}) {
  return createElement(NetworkContext, { value: network }, children);
}

export function useConversationNetwork(): Network {
  const network = useContext(NetworkContext);
  if (!network) throw new Error('Conversation views need a ConversationNetworkProvider.');
  return network;
}

/** Reads the store of the surrounding page's network through one of `conversationSelectors`. */
export function useConversationStore<T>(selector: (state: ConversationState) => T): T {
  const stores = useContext(ConversationStoresContext);
  const network = useConversationNetwork();
  if (!stores) throw new Error('useConversationStore needs a ConversationStoresContext provider.');
  return useStore(stores[network], selector);
}
