import type { ConversationSummary } from '../../../../shared/api/conversation-contract';
import type { ChatMsg } from '../../../../shared/domain/conversation';
import { isServiceMessage } from './timeline-window';

/**
 * The chat list as ids in display order plus summaries by id: an event changes one summary and
 * moves at most one id, so only that row re-renders.
 */
export type ChatRows = { order: number[]; byId: Record<number, ConversationSummary> };

function lastActivity(summary: ConversationSummary): number {
  return summary.lastMessage ? Date.parse(summary.lastMessage.sentAt) : Number.NEGATIVE_INFINITY;
}

/** The most recently active first; new, empty chats on top. */
function compareChats(a: ConversationSummary, b: ConversationSummary): number {
  const aEmpty = a.lastMessage === null;
  const bEmpty = b.lastMessage === null;
  if (aEmpty !== bEmpty) return aEmpty ? -1 : 1;
  return lastActivity(b) - lastActivity(a) || b.channelId - a.channelId;
}

export function chatRows(chats: readonly ConversationSummary[]): ChatRows {
  const byId: Record<number, ConversationSummary> = {};
  for (const chat of chats) byId[chat.channelId] = chat;
  const order = Object.values(byId)
    .sort(compareChats)
    .map((chat) => chat.channelId);
  return { order, byId };
}

/** Puts one summary in (new or replacing), moving only its own id when its place changed. */
export function upsertChatRow(rows: ChatRows, summary: ConversationSummary): ChatRows {
  const byId = { ...rows.byId, [summary.channelId]: summary };
  const rest = rows.order.filter((id) => id !== summary.channelId);
  let index = rest.findIndex((id) => compareChats(summary, byId[id]!) < 0);
  if (index < 0) index = rest.length;
  const current = rows.order.indexOf(summary.channelId);
  if (current === index) return { order: rows.order, byId };
  return { order: [...rest.slice(0, index), summary.channelId, ...rest.slice(index)], byId };
}

/**
 * A summary after a message arrived: a newer message becomes the preview; a person's new one is
 * unread by the agent, and the agent writing means it read the chat (it reads when its turn starts).
 */
export function summaryWithMessage(summary: ConversationSummary, message: ChatMsg): ConversationSummary {
  const last = summary.lastMessage;
  if (last !== null && message.messageId < last.messageId) return summary;
  if (last !== null && message.messageId === last.messageId) return { ...summary, lastMessage: message };
  const unreadCount = message.isAgent ? 0 : summary.unreadCount + (isServiceMessage(message) ? 0 : 1);
  return { ...summary, lastMessage: message, unreadCount };
}
