import { Api, helpers } from 'telegram';
import { markedPeerId } from '../mapping';
import type { AccountContext } from './account-context';

/** The most dialogs messages.getDialogs returns at once. */
const PAGE_SIZE = 100;

/** The account's dialogs, in Telegram's order (pinned first, then by the newest message). */
export interface Dialogs {
  dialogs: Api.Dialog[];
  /** The dialogs' top messages, by `${channelId}:${messageId}`. */
  topMessages: Map<string, Api.TypeMessage>;
}

/** The message a dialog shows (its newest), when Telegram sent it along. */
export function topMessageOf(found: Dialogs, dialog: Api.Dialog): Api.TypeMessage | undefined {
  return found.topMessages.get(`${markedPeerId(dialog.peer)}:${dialog.topMessage}`);
}

/**
 * Up to `maxDialogs` of the account's dialogs (archived ones and folders left out), paging
 * messages.getDialogs by the last dialog's top message. Learns the users and chats they name.
 */
export async function fetchDialogs(context: AccountContext, maxDialogs: number): Promise<Dialogs> {
  const result: Dialogs = { dialogs: [], topMessages: new Map() };
  let offset = { offsetDate: 0, offsetId: 0, offsetPeer: new Api.InputPeerEmpty() as Api.TypeInputPeer };
  while (result.dialogs.length < maxDialogs) {
    const limit = Math.min(PAGE_SIZE, maxDialogs - result.dialogs.length);
    const answer = await context.account.invoke(
      new Api.messages.GetDialogs({ ...offset, limit, hash: helpers.returnBigInt(0) }),
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
    const lastMessage = topMessageOf(result, last);
    offset = {
      offsetDate: lastMessage instanceof Api.MessageEmpty || !lastMessage ? 0 : lastMessage.date,
      offsetId: last.topMessage,
      offsetPeer: await context.inputPeer(markedPeerId(last.peer)),
    };
  }
  return result;
}
