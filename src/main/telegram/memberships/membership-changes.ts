import { Api, utils } from 'telegram';
import { MessagingError } from '../../messaging/port';
import { chatPhotoOf, MUTE_FOREVER } from '../mapping';
import { type AccountContext, validPeer } from '../port/account-context';
import { downloadFile } from '../port/file-transfer';
import { fullChat } from '../port/full-chat';
import { inputPeerOf } from '../profile/input-user';

/** A group or channel's id; a person's is the caller's mistake. */
function chatPeer(channelId: number): Api.PeerChat | Api.PeerChannel {
  const peer = validPeer(channelId);
  if (peer instanceof Api.PeerUser) {
    throw new MessagingError(`${channelId} is a person, not a group or channel.`, { retryable: false });
  }
  return peer;
}

/** Leaves a basic group (messages.deleteChatUser of the agent itself) or a channel or supergroup. */
export async function leaveChat(context: AccountContext, channelId: number): Promise<void> {
  const peer = chatPeer(channelId);
  if (peer instanceof Api.PeerChat) {
    await context.account.invoke(
      new Api.messages.DeleteChatUser({ chatId: peer.chatId, userId: new Api.InputUserSelf() }),
    );
    return;
  }
  const channel = utils.getInputChannel(await inputPeerOf(context, channelId));
  await context.account.invoke(new Api.channels.LeaveChannel({ channel }));
}

/** Mutes the chat's notifications for good, or turns them on again (account.updateNotifySettings). */
export async function setChatMuted(
  context: AccountContext,
  channelId: number,
  muted: boolean,
): Promise<void> {
  chatPeer(channelId);
  const peer = await inputPeerOf(context, channelId);
  await context.account.invoke(
    new Api.account.UpdateNotifySettings({
      peer: new Api.InputNotifyPeer({ peer }),
      settings: new Api.InputPeerNotifySettings({ muteUntil: muted ? MUTE_FOREVER : 0 }),
    }),
  );
  // The engine reads mute through the same cache: it must see the change at once.
  context.notifySettings.delete(channelId);
}

/** The chat's current photo (from its full details), or null when it has none. */
export async function chatPhotoBytes(context: AccountContext, channelId: number): Promise<Buffer | null> {
  chatPeer(channelId);
  const full = await fullChat(context, channelId);
  context.remember(full);
  const photo = chatPhotoOf(full);
  return photo ? downloadFile(context.account, photo) : null;
}
