import type { ChatMsg } from '../../../../shared/domain/conversation';

/**
 * The messages of one chat as the console holds them: a window of ids ascending, merged page by
 * page and event by event, and what the timeline reads from it (unread marks, runs of one sender).
 */

/** One conversation of one agent, on the network of the store that holds it. */
export type ChatRef = { agent: string; channelId: number };

export function chatKey({ agent, channelId }: ChatRef): string {
  return `${agent}\u0000${channelId}`;
}

/** The messages of one chat: ids ascending, each message once. */
export type MessageWindow = { ids: number[]; byId: Record<number, ChatMsg> };

export const EMPTY_WINDOW: MessageWindow = { ids: [], byId: {} };

/** Adds or replaces messages by id; the newest copy wins. Unchanged input returns the same window. */
export function mergeMessages(window: MessageWindow, messages: readonly ChatMsg[]): MessageWindow {
  if (messages.length === 0) return window;
  const byId = { ...window.byId };
  let added = false;
  for (const message of messages) {
    if (!(message.messageId in byId)) added = true;
    byId[message.messageId] = message;
  }
  return { ids: added ? mergedIds(window, messages) : window.ids, byId };
}

/**
 * The window's ids with the new messages' in order. A page above the oldest or a message below
 * the newest, the usual cases, joins without sorting the thousands already loaded.
 */
function mergedIds({ ids, byId }: MessageWindow, messages: readonly ChatMsg[]): number[] {
  const fresh = [...new Set(messages.map((message) => message.messageId))]
    .filter((id) => !(id in byId))
    .sort((a, b) => a - b);
  const first = ids[0];
  const last = ids.at(-1);
  if (first === undefined || last === undefined) return fresh;
  if (fresh.at(-1)! < first) return [...fresh, ...ids];
  if (fresh[0]! > last) return [...ids, ...fresh];
  return [...ids, ...fresh].sort((a, b) => a - b);
}

export function removeMessages(window: MessageWindow, messageIds: readonly number[]): MessageWindow {
  const gone = new Set(messageIds);
  if (!window.ids.some((id) => gone.has(id))) return window;
  const byId = { ...window.byId };
  for (const id of gone) delete byId[id];
  return { ids: window.ids.filter((id) => !gone.has(id)), byId };
}

export function oldestMessageId(window: MessageWindow): number | null {
  return window.ids[0] ?? null;
}

/** A message made only of service events ("history cleared"): drawn as a centred line. */
export function isServiceMessage(message: ChatMsg): boolean {
  return message.parts.length > 0 && message.parts.every((part) => part.kind === 'service');
}

/**
 * The people's messages the agent has not read: the runtime counts them (`unreadCount`), and they
 * are always the newest ones.
 */
export function unreadPeopleMessageIds(window: MessageWindow, unreadCount: number): Set<number> {
  const unread = new Set<number>();
  if (unreadCount <= 0) return unread;
  for (let index = window.ids.length - 1; index >= 0 && unread.size < unreadCount; index -= 1) {
    const id = window.ids[index]!;
    const message = window.byId[id];
    if (message && !message.isAgent && !isServiceMessage(message)) unread.add(id);
  }
  return unread;
}

/** Whether two messages sit in the same run (same sender, a few minutes apart): one name, tight spacing. */
export function continuesRun(previous: ChatMsg | undefined, message: ChatMsg, gapMs = 5 * 60_000): boolean {
  if (!previous || isServiceMessage(previous) || isServiceMessage(message)) return false;
  if (previous.isAgent !== message.isAgent || previous.senderId !== message.senderId) return false;
  return Date.parse(message.sentAt) - Date.parse(previous.sentAt) < gapMs;
}
