import { Api, helpers } from 'telegram';
import type { UnreadChat } from '../../messaging/port';
import { markedPeerId } from '../mapping';
import type { AccountContext } from './account-context';

const PAGE_SIZE = 100;
/** A bound on the scan: the chats with news are among the most recent ones. */
const MAX_DIALOG_PAGES = 20;

interface DialogPage {
  dialogs: Api.Dialog[];
  /** The dialogs' top messages, by `${channelId}:${messageId}`. */
  topMessages: Map<string, Api.TypeMessage>;
}

/**
 * The chats with something for the agent to look at: unread messages, unread mentions (from
 * people the agent has not blocked), a manual unread mark, or unseen reactions on its messages.
 * A chat whose only news is Telegram's "X joined Telegram" notice is left out.
 */
export async function scanUnread(context: AccountContext): Promise<UnreadChat[]> {
  const { dialogs, topMessages } = await allDialogs(context);
  const unread: UnreadChat[] = [];
  for (const dialog of dialogs) {
    const hasNews =
      dialog.unreadCount > 0 ||
      dialog.unreadMentionsCount > 0 ||
      dialog.unreadMark === true ||
      dialog.unreadReactionsCount > 0;
    if (!hasNews) continue;
    const channelId = markedPeerId(dialog.peer);
    if (isSignUpNotice(dialog, topMessages.get(`${channelId}:${dialog.topMessage}`))) continue;
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

async function allDialogs(context: AccountContext): Promise<DialogPage> {
  const result: DialogPage = { dialogs: [], topMessages: new Map() };
  let offset = { offsetDate: 0, offsetId: 0, offsetPeer: new Api.InputPeerEmpty() as Api.TypeInputPeer };
  for (let page = 0; page < MAX_DIALOG_PAGES; page += 1) {
    const answer = await context.account.invoke(
      new Api.messages.GetDialogs({ ...offset, limit: PAGE_SIZE, hash: helpers.returnBigInt(0) }),
    );
    if (answer instanceof Api.messages.DialogsNotModified) break;
    context.remember(answer);
    for (const message of answer.messages) {
      if (message instanceof Api.MessageEmpty || !message.peerId) continue;
      result.topMessages.set(`${markedPeerId(message.peerId)}:${message.id}`, message);
    }
    const dialogs = answer.dialogs.filter((dialog): dialog is Api.Dialog => dialog instanceof Api.Dialog);
    result.dialogs.push(...dialogs);
    const total = answer instanceof Api.messages.DialogsSlice ? answer.count : answer.dialogs.length;
    const last = dialogs.at(-1);
    if (!(answer instanceof Api.messages.DialogsSlice) || !last || result.dialogs.length >= total) break;
    const lastMessage = result.topMessages.get(`${markedPeerId(last.peer)}:${last.topMessage}`);
    offset = {
      offsetDate: lastMessage instanceof Api.MessageEmpty || !lastMessage ? 0 : lastMessage.date,
      offsetId: last.topMessage,
      offsetPeer: await context.inputPeer(markedPeerId(last.peer)),
    };
  }
  return result;
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
