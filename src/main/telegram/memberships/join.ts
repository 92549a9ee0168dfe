import { Api, utils } from 'telegram';
import type { JoinTarget } from '../../../shared/domain/telegram-join-target';
import { MessagingError } from '../../messaging/port';
import { rpcErrorCode } from '../accounts';
import type { AccountContext } from '../port/account-context';
import { ProfileFieldError } from '../profile/account-refusals';
import { membershipOf, type TelegramMembership } from './membership-list';

/** Telegram's refusals of a join, in words that say what to do about the link or name. */
const JOIN_REFUSALS: Record<string, string> = {
  USERNAME_NOT_OCCUPIED: 'No group or channel has this username; check it for typos.',
  USERNAME_INVALID: 'Telegram says this is no valid username.',
  INVITE_HASH_INVALID: 'This invite link does not exist; check it for typos.',
  INVITE_HASH_EMPTY: 'This invite link does not exist; check it for typos.',
  INVITE_HASH_EXPIRED: 'This invite link has expired or was revoked; ask for a new one.',
  USER_ALREADY_PARTICIPANT: 'The agent is already a member.',
  CHANNEL_PRIVATE: 'This group or channel is private, or it banned the agent.',
  CHANNELS_TOO_MUCH: 'The account is in as many groups and channels as Telegram allows; leave one first.',
  USERS_TOO_MUCH: 'This group is full.',
  INVITE_REQUEST_SENT: 'A request to join was sent: an admin of the group has to accept it.',
};

/** A refusal of the target as a message under the field; other failures pass as they were. */
async function onTarget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = error instanceof MessagingError ? rpcErrorCode(error.cause) : null;
    const message = code ? JOIN_REFUSALS[code] : undefined;
    if (message) throw new ProfileFieldError('target', message, error);
    throw error;
  }
}

const alreadyIn = (title: string) => new ProfileFieldError('target', `The agent is already in ${title}.`);

/** The chat a join answered with (the Updates name it), learnt by the account's caches. */
function joinedChat(context: AccountContext, answer: Api.TypeUpdates): TelegramMembership {
  const chats = answer instanceof Api.Updates || answer instanceof Api.UpdatesCombined ? answer.chats : [];
  context.remember({ chats });
  const joined = chats.map((chat) => membershipOf(chat, false)).find((membership) => membership !== null);
  if (!joined) throw new MessagingError('Telegram answered the join without the chat.', { retryable: false });
  return joined;
}

async function joinByUsername(context: AccountContext, username: string): Promise<TelegramMembership> {
  const resolved = await context.account.invoke(new Api.contacts.ResolveUsername({ username }));
  context.remember(resolved);
  if (!(resolved.peer instanceof Api.PeerChannel)) {
    throw new ProfileFieldError('target', `@${username} is a person’s account, not a group or channel.`);
  }
  const channelId = resolved.peer.channelId.toString();
  const channel = resolved.chats.find(
    (chat): chat is Api.Channel => chat instanceof Api.Channel && chat.id.toString() === channelId,
  );
  if (!channel) throw new ProfileFieldError('target', `@${username} cannot be joined.`);
  if (!channel.left) throw alreadyIn(channel.title);
  const answer = await context.account.invoke(
    new Api.channels.JoinChannel({ channel: utils.getInputChannel(channel) }),
  );
  return joinedChat(context, answer);
}

async function joinByInvite(context: AccountContext, hash: string): Promise<TelegramMembership> {
  const invite = await context.account.invoke(new Api.messages.CheckChatInvite({ hash }));
  if (invite instanceof Api.ChatInviteAlready) {
    const chat = invite.chat;
    throw alreadyIn(chat instanceof Api.Chat || chat instanceof Api.Channel ? chat.title : 'this chat');
  }
  return joinedChat(context, await context.account.invoke(new Api.messages.ImportChatInvite({ hash })));
}

/**
 * Joins the group or channel the target names: a public one by its username
 * (contacts.resolveUsername, then channels.joinChannel), a private one by its invite
 * (messages.checkChatInvite, then messages.importChatInvite). A target Telegram refuses, or one
 * the agent is already in, is a ProfileFieldError on `target`.
 */
export function joinChat(context: AccountContext, target: JoinTarget): Promise<TelegramMembership> {
  return onTarget(() =>
    target.kind === 'username'
      ? joinByUsername(context, target.username)
      : joinByInvite(context, target.hash),
  );
}
