import { Api } from 'telegram';

/**
 * Whether the agent may write in a group or channel, from the chat object Telegram gives its
 * members: not after leaving or being removed, in a broadcast channel only as an admin who may
 * post, elsewhere unless the agent or every member is banned from sending.
 */
export function chatAllowsSending(chat: Api.TypeChat): boolean {
  if (chat instanceof Api.Chat) {
    if (chat.left || chat.deactivated) return false;
    if (chat.creator || chat.adminRights) return true;
    return !chat.defaultBannedRights?.sendMessages;
  }
  if (chat instanceof Api.Channel) {
    if (chat.left) return false;
    if (chat.broadcast) return chat.creator === true || chat.adminRights?.postMessages === true;
    if (chat.creator || chat.adminRights) return true;
    if (chat.bannedRights?.sendMessages) return false;
    return !chat.defaultBannedRights?.sendMessages;
  }
  return false;
}
