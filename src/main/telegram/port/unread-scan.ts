import { Api } from 'telegram';
import type { UnreadChat } from '../../messaging/port';
import { markedPeerId } from '../mapping';
import type { AccountContext } from './account-context';
import { fetchDialogs, topMessageOf } from './dialogs';

const PAGE_SIZE = 100;
/** A bound on the scan: the chats with news are among the most recent ones. */
const MAX_SCANNED_DIALOGS = 2_000;

/**
 * The chats with something for the agent to look at: unread messages, unread mentions (from
 * people the agent has not blocked), a manual unread mark, or unseen reactions on its messages.
 * A chat whose only news is Telegram's "X joined Telegram" notice is left out.
 */
export async function scanUnread(context: AccountContext): Promise<UnreadChat[]> {
  const found = await fetchDialogs(context, MAX_SCANNED_DIALOGS);
  const unread: UnreadChat[] = [];
  for (const dialog of found.dialogs) {
    const hasNews =
      dialog.unreadCount > 0 ||
      dialog.unreadMentionsCount > 0 ||
      dialog.unreadMark === true ||
      dialog.unreadReactionsCount > 0;
    if (!hasNews) continue;
    const channelId = markedPeerId(dialog.peer);
    if (isSignUpNotice(dialog, topMessageOf(found, dialog))) continue;
    const mentioned =
      dialog.unreadMentionsCount > 0 && (await hasUnreadMentionFromUnblocked(context, dialog.peer));
    const unreadReactionMessageIds =
      dialog.unreadReactionsCount > 0 ? await unreadReactionIds(context, dialog.peer) : [];
    const markedUnread = dialog.unreadMark === true;
    if (dialog.unreadCount === 0 && !mentioned && !markedUnread && unreadReactionMessageIds.length === 0)
      continue;
    unread.push({
      channelId,
      unreadCount: dialog.unreadCount,
      mentioned,
      markedUnread,
      unreadReactionMessageIds,
      lastMessageId: dialog.topMessage > 0 ? dialog.topMessage : null,
    });
  }
  return unread;
}

function isSignUpNotice(dialog: Api.Dialog, top: Api.TypeMessage | undefined): boolean {
  return (
    top instanceof Api.MessageService &&
    top.action instanceof Api.MessageActionContactSignUp &&
    dialog.unreadCount <= 1 &&
    dialog.unreadMentionsCount === 0 &&
    dialog.unreadReactionsCount === 0
  );
}

/** The newest page of a chat's unread mentions or unread reactions (both requests page alike). */
async function firstUnreadPage(
  context: AccountContext,
  peer: Api.TypePeer,
  Request: typeof Api.messages.GetUnreadMentions | typeof Api.messages.GetUnreadReactions,
): Promise<Api.messages.TypeMessages> {
  return context.account.invoke(
    new Request({
      peer: await context.inputPeer(markedPeerId(peer)),
      offsetId: 0,
      addOffset: 0,
      limit: PAGE_SIZE,
      maxId: 0,
      minId: 0,
    }),
  );
}

async function hasUnreadMentionFromUnblocked(context: AccountContext, peer: Api.TypePeer): Promise<boolean> {
  const answer = await firstUnreadPage(context, peer, Api.messages.GetUnreadMentions);
  if (answer instanceof Api.messages.MessagesNotModified) return false;
  context.remember(answer);
  for (const message of answer.messages) {
    if (!(message instanceof Api.Message)) continue;
    if (!message.fromId || !(await context.blocklist.has(markedPeerId(message.fromId)))) return true;
  }
  return false;
}

async function unreadReactionIds(context: AccountContext, peer: Api.TypePeer): Promise<number[]> {
  const answer = await firstUnreadPage(context, peer, Api.messages.GetUnreadReactions);
  if (answer instanceof Api.messages.MessagesNotModified) return [];
  return answer.messages
    .filter((message) => !(message instanceof Api.MessageEmpty))
    .map((message) => message.id)
    .sort((a, b) => a - b);
}
