import { Api } from 'telegram';
import type { ChatKind } from '../../../shared/domain/conversation';
import type { ChatSummary } from '../../messaging/port';
import { isDirectChat, markedPeerId, type PeerDirectory, peerLabel } from '../mapping';
import type { AccountContext } from './account-context';
import { toChatMsgs } from './agent-messages';
import { fetchDialogs, topMessageOf } from './dialogs';

/** Telegram's own account (login codes, security notices): no conversation for the console. */
const SERVICE_NOTIFICATIONS_ID = 777000;

/**
 * The agent's chats for the console, newest activity first: messages.getDialogs with each
 * dialog's top message mapped like any other. Saved Messages and the service notifications are
 * left out; pinned chats are sorted in by their newest message rather than kept on top.
 */
export async function listChats(context: AccountContext, limit: number): Promise<ChatSummary[]> {
  const hidden = new Set([SERVICE_NOTIFICATIONS_ID, context.selfId]);
  const found = await fetchDialogs(context, limit + hidden.size);
  const dialogs = found.dialogs.filter((dialog) => !hidden.has(markedPeerId(dialog.peer)));
  const tops = dialogs.map((dialog) => topMessageOf(found, dialog));
  const lastMessages = new Map(
    (
      await toChatMsgs(
        context,
        tops.filter((top) => top !== undefined),
      )
    ).map((message) => [`${message.channelId}:${message.messageId}`, message]),
  );
  const directory = context.entities.directory();
  const summaries = dialogs.map((dialog, index): { date: number; summary: ChatSummary } => {
    const channelId = markedPeerId(dialog.peer);
    const top = tops[index];
    return {
      date: top instanceof Api.Message || top instanceof Api.MessageService ? top.date : 0,
      summary: {
        channelId,
        kind: chatKind(directory, channelId),
        title: peerLabel(directory, channelId),
        lastMessage: lastMessages.get(`${channelId}:${top?.id}`) ?? null,
        unreadCount: dialog.unreadCount,
      },
    };
  });
  // A stable sort: chats with messages of the same second keep Telegram's order.
  return summaries
    .sort((a, b) => b.date - a.date)
    .slice(0, limit)
    .map((entry) => entry.summary);
}

function chatKind(directory: PeerDirectory, channelId: number): ChatKind {
  if (isDirectChat(channelId)) return 'direct';
  const chat = directory.get(channelId);
  const broadcast = (chat instanceof Api.Channel || chat instanceof Api.ChannelForbidden) && chat.broadcast;
  return broadcast ? 'channel' : 'group';
}
