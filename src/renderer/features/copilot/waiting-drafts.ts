import type { Network } from '../../../shared/api/conversation-contract';
import type { WaitingDrafts } from '../../../shared/api/copilot-contract';
import { pluralize } from '../../ui/format';

/** A conversation of one network, as the waiting drafts name it. */
export type WaitingChatRef = { network: Network; agent: string; channelId: number };

export function waitingKey({ network, agent, channelId }: WaitingChatRef): string {
  return `${network}/${agent}/${channelId}`;
}

/**
 * The chats with drafts waiting once a conversation's plan has `count` drafts: its row's count
 * changed, or the row gone at none. `unknown` says the chat has drafts but no row to change (its
 * title and agent's name are not known here: the list must be asked again).
 */
export function withDraftCount(
  chats: readonly WaitingDrafts[],
  ref: WaitingChatRef,
  count: number,
): { chats: readonly WaitingDrafts[]; unknown: boolean } {
  const key = waitingKey(ref);
  const index = chats.findIndex((chat) => waitingKey(chat) === key);
  if (index < 0) return { chats, unknown: count > 0 };
  if (count === 0) return { chats: chats.filter((_, at) => at !== index), unknown: false };
  if (chats[index]?.drafts === count) return { chats, unknown: false };
  return {
    chats: chats.map((chat, at) => (at === index ? { ...chat, drafts: count } : chat)),
    unknown: false,
  };
}

/** How many drafts wait, in all, or in one network's conversations. */
export function draftsWaiting(chats: readonly WaitingDrafts[], network?: Network): number {
  return chats.reduce((sum, chat) => (network && chat.network !== network ? sum : sum + chat.drafts), 0);
}

/** "1 draft waiting", "3 drafts waiting". */
export function draftsWaitingLabel(count: number): string {
  return `${pluralize(count, 'draft')} waiting`;
}

/** How a chat's row names it to a screen reader: agent, chat, how many, and where. */
export function waitingChatLabel(chat: WaitingDrafts): string {
  const where = chat.network === 'simulator' ? 'in the Playground' : 'on Telegram';
  return `${chat.agentName} · ${chat.title}: ${draftsWaitingLabel(chat.drafts)}, ${where}`;
}
