import { Api, helpers } from 'telegram';

/**
 * The full message behind Telegram's short forms of a new text message (updateShortMessage in
 * private chats, updateShortChatMessage in basic groups), so they map like any other message.
 * A private chat's short form names only the partner; the agent is the sender when `out`.
 */
export function messageFromShort(
  update: Api.UpdateShortMessage | Api.UpdateShortChatMessage,
  selfId: number,
): Api.Message {
  const common = {
    id: update.id,
    out: update.out,
    mentioned: update.mentioned,
    mediaUnread: update.mediaUnread,
    silent: update.silent,
    date: update.date,
    message: update.message,
    fwdFrom: update.fwdFrom,
    viaBotId: update.viaBotId,
    replyTo: update.replyTo,
    entities: update.entities,
    ttlPeriod: update.ttlPeriod,
  };
  if (update instanceof Api.UpdateShortMessage) {
    const senderId = update.out ? helpers.returnBigInt(selfId) : update.userId;
    return new Api.Message({
      ...common,
      peerId: new Api.PeerUser({ userId: update.userId }),
      fromId: new Api.PeerUser({ userId: senderId }),
    });
  }
  return new Api.Message({
    ...common,
    peerId: new Api.PeerChat({ chatId: update.chatId }),
    fromId: new Api.PeerUser({ userId: update.fromId }),
  });
}
