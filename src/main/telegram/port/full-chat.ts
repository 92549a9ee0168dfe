import { Api, utils } from 'telegram';
import type { AccountContext } from './account-context';
import { validPeer } from './account-context';

/** The full details of a chat: users.getFullUser, messages.getFullChat or channels.getFullChannel. */
export async function fullChat(
  context: AccountContext,
  channelId: number,
): Promise<Api.users.UserFull | Api.messages.ChatFull> {
  const peer = validPeer(channelId);
  if (peer instanceof Api.PeerUser) {
    return context.account.invoke(new Api.users.GetFullUser({ id: await context.inputUser(channelId) }));
  }
  if (peer instanceof Api.PeerChat) {
    return context.account.invoke(new Api.messages.GetFullChat({ chatId: peer.chatId }));
  }
  const channel = utils.getInputChannel(await context.inputPeer(channelId));
  return context.account.invoke(new Api.channels.GetFullChannel({ channel }));
}
