import { Api } from 'telegram';
import { humanDuration } from './human-duration';
import { type PeerDirectory, peerLabel } from './peer-directory';
import { markedUserId, type TelegramLong } from './peer-ids';
import { tlClassWords } from './tl-class-words';

/** What a service event needs to be told in words. */
export interface ServiceContext {
  peers: PeerDirectory;
  /** Who did it: the message's sender; null when Telegram names nobody or only the chat itself. */
  actorId: number | null;
  /** What to call the chat: a basic group or supergroup is a "group", a broadcast a "channel". */
  chatNoun: 'group' | 'channel' | 'chat';
  /** The message a pin event points at. */
  replyToMessageId: number | null;
}

/** "A", "A and B", "A, B and C". */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A service message (member joined, title changed, timer set, ...) as a short sentence of
 * Troupe's own, told with the actor when Telegram names one and in the passive otherwise (as in
 * broadcast channels, where the channel itself is the sender). Null for the empty action.
 */
export function serviceSentence(action: Api.TypeMessageAction, context: ServiceContext): string | null {
  const { peers, chatNoun } = context;
  const actor = context.actorId === null ? null : peerLabel(peers, context.actorId);
  const user = (id: TelegramLong): string => peerLabel(peers, markedUserId(id));
  if (action instanceof Api.MessageActionEmpty) return null;
  if (action instanceof Api.MessageActionChatCreate) {
    return `${actor ?? 'Someone'} created the group "${action.title}"`;
  }
  if (action instanceof Api.MessageActionChannelCreate) {
    return actor === null
      ? `The ${chatNoun} "${action.title}" was created`
      : `${actor} created the ${chatNoun} "${action.title}"`;
  }
  if (action instanceof Api.MessageActionChatEditTitle) {
    return actor === null
      ? `The ${chatNoun} was renamed to "${action.title}"`
      : `${actor} renamed the ${chatNoun} to "${action.title}"`;
  }
  if (action instanceof Api.MessageActionChatEditPhoto) {
    return actor === null ? `The ${chatNoun} photo was changed` : `${actor} changed the ${chatNoun} photo`;
  }
  if (action instanceof Api.MessageActionChatDeletePhoto) {
    return actor === null ? `The ${chatNoun} photo was removed` : `${actor} removed the ${chatNoun} photo`;
  }
  if (action instanceof Api.MessageActionChatAddUser) {
    const added = action.users.map(markedUserId);
    const names = listOf(added.map((id) => peerLabel(peers, id)));
    if (actor === null || (added.length === 1 && added[0] === context.actorId)) {
      return `${names} joined the ${chatNoun}`;
    }
    return `${actor} added ${names} to the ${chatNoun}`;
  }
  if (action instanceof Api.MessageActionChatDeleteUser) {
    const removed = markedUserId(action.userId);
    if (actor === null || removed === context.actorId) return `${user(action.userId)} left the ${chatNoun}`;
    return `${actor} removed ${user(action.userId)} from the ${chatNoun}`;
  }
  if (action instanceof Api.MessageActionChatJoinedByLink) {
    return `${actor ?? 'Someone'} joined the ${chatNoun} via an invite link`;
  }
  if (action instanceof Api.MessageActionChatJoinedByRequest) {
    return `${actor ?? 'Someone'} joined the ${chatNoun} after an admin approved their request`;
  }
  if (action instanceof Api.MessageActionChatMigrateTo) return 'This group was upgraded to a supergroup';
  if (action instanceof Api.MessageActionChannelMigrateFrom) {
    return `This supergroup was upgraded from the group "${action.title}"`;
  }
  if (action instanceof Api.MessageActionPinMessage) {
    const what = context.replyToMessageId === null ? 'a message' : `message ${context.replyToMessageId}`;
    return actor === null
      ? `${what.charAt(0).toUpperCase()}${what.slice(1)} was pinned`
      : `${actor} pinned ${what}`;
  }
  if (action instanceof Api.MessageActionHistoryClear) return 'The chat history was cleared';
  if (action instanceof Api.MessageActionSetMessagesTTL) {
    if (action.period === 0) {
      return actor === null ? 'Auto-delete was turned off' : `${actor} turned off auto-delete`;
    }
    const period = humanDuration(action.period);
    return actor === null
      ? `Messages now auto-delete after ${period}`
      : `${actor} set messages to auto-delete after ${period}`;
  }
  if (action instanceof Api.MessageActionContactSignUp) return `${actor ?? 'A contact'} joined Telegram`;
  const event = tlClassWords(action.className, 'MessageAction');
  return actor === null ? `Telegram event: ${event}` : `Telegram event from ${actor}: ${event}`;
}
