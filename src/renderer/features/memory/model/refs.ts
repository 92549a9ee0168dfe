import type { ConversationRef, Network } from '../../../../shared/api/conversation-contract';
import type { MemoryListRef } from '../../../../shared/api/memory-contract';

export type { ConversationRef, MemoryListRef };

/** An agent's memory on one network: what it learns in the Simulator stays apart from Telegram. */
export type AgentNetworkRef = { agent: string; network: Network };

/** One person an agent knows facts about, on one network (the person's user id). */
export type PersonRef = AgentNetworkRef & { partnerId: number };

/**
 * Keys of the store's records, one per thing fetched. JSON of a tuple: config names and ids never
 * collide with one another, whatever characters a name holds.
 */
export function listKey(ref: MemoryListRef): string {
  return JSON.stringify([ref.agent, ref.network, ref.scope, ref.channelId ?? null]);
}

export function conversationKey(ref: ConversationRef): string {
  return JSON.stringify([ref.agent, ref.network, ref.channelId]);
}

export function personKey(ref: PersonRef): string {
  return JSON.stringify([ref.agent, ref.network, ref.partnerId]);
}

export function agentNetworkKey(ref: AgentNetworkRef): string {
  return JSON.stringify([ref.agent, ref.network]);
}

/** The agent-wide lists (memories, intentions) of an agent on a network. */
export function agentListRefs({ agent, network }: AgentNetworkRef): MemoryListRef[] {
  return [
    { agent, network, scope: 'memory' },
    { agent, network, scope: 'intention' },
  ];
}

/** A conversation's own lists (notes, plans). */
export function conversationListRefs({ agent, network, channelId }: ConversationRef): MemoryListRef[] {
  return [
    { agent, network, scope: 'note', channelId },
    { agent, network, scope: 'plan', channelId },
  ];
}

// The API's inputs are strict: a ref with more fields (a person passed as its agent) would be
// refused, so each call sends exactly its own.
export const agentNetworkOf = ({ agent, network }: AgentNetworkRef): AgentNetworkRef => ({ agent, network });
export const personOf = ({ agent, network, partnerId }: PersonRef): PersonRef => ({
  agent,
  network,
  partnerId,
});
export const conversationOf = ({ agent, network, channelId }: ConversationRef): ConversationRef => ({
  agent,
  network,
  channelId,
});
export const listOf = ({ agent, network, scope, channelId }: MemoryListRef): MemoryListRef =>
  channelId === undefined ? { agent, network, scope } : { agent, network, scope, channelId };
