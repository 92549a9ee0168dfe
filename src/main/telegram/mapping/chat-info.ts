import { Api } from 'telegram';
import type { ChatInfo, ChatPerson } from '../../../shared/domain/conversation';
import { fileUniqueId } from './file-unique-id';
import { peerDisplayName, peerUsername } from './peer-directory';
import { markedBasicGroupId, markedChannelId, markedUserId, type TelegramLong } from './peer-ids';

function textOrNull(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/** `1999-04-02`, or `--04-02` (ISO 8601's form without a year) when the user hides the year. */
function birthdayText(birthday: Api.TypeBirthday | null | undefined): string | null {
  if (!(birthday instanceof Api.Birthday)) return null;
  const monthDay = `${String(birthday.month).padStart(2, '0')}-${String(birthday.day).padStart(2, '0')}`;
  return birthday.year ? `${String(birthday.year).padStart(4, '0')}-${monthDay}` : `--${monthDay}`;
}

/** Telegram sends phone numbers as bare digits; people write them with the international +. */
function phoneText(phone: string | null | undefined): string | null {
  const digits = textOrNull(phone);
  if (digits === null) return null;
  return digits.startsWith('+') ? digits : `+${digits}`;
}

/** A user as a chat partner; the bio and birthday come only with the full user. */
export function chatPerson(user: Api.User, full?: Api.UserFull | null): ChatPerson {
  return {
    id: markedUserId(user.id),
    firstName: user.firstName?.trim() || (user.deleted ? 'Deleted Account' : ''),
    lastName: textOrNull(user.lastName),
    username: peerUsername(user),
    bio: textOrNull(full?.about),
    phone: phoneText(user.phone),
    birthday: birthdayText(full?.birthday),
  };
}

/** A direct chat: the partner's name as its title and the partner's details. */
export function userChatInfo(user: Api.User, full?: Api.UserFull | null): ChatInfo {
  const partner = chatPerson(user, full);
  return {
    channelId: partner.id,
    kind: 'direct',
    title: peerDisplayName(user) ?? '',
    username: partner.username,
    participantCount: null,
    description: partner.bio,
    partner,
  };
}

/** A basic group: its description comes only with the full chat. */
export function basicGroupChatInfo(chat: Api.Chat, full?: Api.ChatFull | null): ChatInfo {
  return {
    channelId: markedBasicGroupId(chat.id),
    kind: 'group',
    title: chat.title,
    username: null,
    participantCount: chat.participantsCount,
    description: textOrNull(full?.about),
    partner: null,
  };
}

/** A supergroup (a "group" to its members) or a broadcast channel. */
export function channelChatInfo(channel: Api.Channel, full?: Api.ChannelFull | null): ChatInfo {
  return {
    channelId: markedChannelId(channel.id),
    kind: channel.broadcast ? 'channel' : 'group',
    title: channel.title,
    username: peerUsername(channel),
    participantCount: full?.participantsCount ?? channel.participantsCount ?? null,
    description: textOrNull(full?.about),
    partner: null,
  };
}

function sameId(a: TelegramLong, b: TelegramLong): boolean {
  return a.toString() === b.toString();
}

/** The chat's current photo (a partner's profile photo, a group's photo), or null when it has none. */
export function chatPhotoOf(response: Api.users.UserFull | Api.messages.ChatFull): Api.Photo | null {
  const photo =
    response instanceof Api.users.UserFull ? response.fullUser.profilePhoto : response.fullChat.chatPhoto;
  return photo instanceof Api.Photo ? photo : null;
}

/**
 * The chat details from a `users.getFullUser`, `messages.getFullChat` or
 * `channels.getFullChannel` answer, which carry the full object and, beside it, the user or
 * chat it describes, and its photo (to be described).
 */
export function mapChatInfo(response: Api.users.UserFull | Api.messages.ChatFull): ChatInfo {
  const photo = chatPhotoOf(response);
  const info = chatInfoOf(response);
  return photo ? { ...info, photo: { uniqueId: fileUniqueId(photo), description: null } } : info;
}

function chatInfoOf(response: Api.users.UserFull | Api.messages.ChatFull): ChatInfo {
  if (response instanceof Api.users.UserFull) {
    const { fullUser } = response;
    const user = response.users.find(
      (entry): entry is Api.User => entry instanceof Api.User && sameId(entry.id, fullUser.id),
    );
    if (user === undefined) throw new Error(`users.UserFull for ${fullUser.id} does not include the user`);
    return userChatInfo(user, fullUser);
  }
  const { fullChat } = response;
  if (fullChat instanceof Api.ChatFull) {
    const chat = response.chats.find(
      (entry): entry is Api.Chat => entry instanceof Api.Chat && sameId(entry.id, fullChat.id),
    );
    if (chat === undefined)
      throw new Error(`messages.ChatFull for chat ${fullChat.id} does not include the chat`);
    return basicGroupChatInfo(chat, fullChat);
  }
  const channel = response.chats.find(
    (entry): entry is Api.Channel => entry instanceof Api.Channel && sameId(entry.id, fullChat.id),
  );
  if (channel === undefined) {
    throw new Error(`messages.ChatFull for channel ${fullChat.id} does not include the channel`);
  }
  return channelChatInfo(channel, fullChat);
}
