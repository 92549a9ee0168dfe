import type { Network } from '../api/conversation-contract';

/** One conversation of one agent on one network: the unit that owns a task graph. */
export interface ConversationKey {
  agent: string;
  network: Network;
  channelId: number;
}

/** A string naming the conversation, for maps and logs. */
export function conversationKeyString(key: ConversationKey): string {
  return `${key.network}:${key.agent}:${key.channelId}`;
}
