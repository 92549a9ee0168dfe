import { Api, utils } from 'telegram';
import type { PartnerProfile } from '../../../shared/api/telegram-account-contract';
import { markedEntityId, peerDisplayName, peerUsername } from '../mapping';
import { type AccountContext, validPeer } from '../port/account-context';
import { inputUserOf } from './input-user';
import { currentPhotoId, photoViews, userPhotos } from './profile-photos';

/** The other side of a conversation as Telegram shows it now: a person, a group or a channel. */
export async function readPartnerProfile(
  context: AccountContext,
  channelId: number,
): Promise<PartnerProfile> {
  const peer = validPeer(channelId);
  if (peer instanceof Api.PeerUser) return personProfile(context, channelId);
  const full =
    peer instanceof Api.PeerChat
      ? await context.account.invoke(new Api.messages.GetFullChat({ chatId: peer.chatId }))
      : await context.account.invoke(
          new Api.channels.GetFullChannel({
            channel: utils.getInputChannel(await context.inputPeer(channelId)),
          }),
        );
  context.remember(full);
  const chat = full.chats.find((candidate) => markedEntityId(candidate) === channelId);
  const named = chat instanceof Api.Chat || chat instanceof Api.Channel ? chat : null;
  const memberCount =
    full.fullChat instanceof Api.ChannelFull
      ? (full.fullChat.participantsCount ?? null)
      : full.fullChat.participants instanceof Api.ChatParticipants
        ? full.fullChat.participants.participants.length
        : (named?.participantsCount ?? null);
  return {
    kind: peer instanceof Api.PeerChat ? 'group' : 'channel',
    id: channelId,
    name: named?.title ?? `Chat ${channelId}`,
    username: named ? peerUsername(named) : null,
    bio: full.fullChat.about || null,
    phone: null,
    photos: [],
    memberCount,
    contact: null,
    deleted: named === null,
    blocked: false,
  };
}

async function personProfile(context: AccountContext, userId: number): Promise<PartnerProfile> {
  const input = await inputUserOf(context, userId);
  const full = await context.account.invoke(new Api.users.GetFullUser({ id: input }));
  context.remember(full);
  const user = full.users.find((candidate) => markedEntityId(candidate) === userId);
  const known = user instanceof Api.User ? user : null;
  const photos = await userPhotos(context, input);
  return {
    kind: 'user',
    id: userId,
    name: (known && peerDisplayName(known)) || (known?.deleted ? 'Deleted account' : `User ${userId}`),
    username: known ? peerUsername(known) : null,
    bio: full.fullUser.about || null,
    phone: known?.phone ? `+${known.phone}` : null,
    photos: photoViews(photos, currentPhotoId(user)),
    memberCount: null,
    contact: known?.contact === true,
    deleted: known?.deleted === true,
    blocked: full.fullUser.blocked === true,
  };
}
