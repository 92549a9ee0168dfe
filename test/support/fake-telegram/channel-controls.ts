import type { FakeChannel, FakeChannelControls } from './api';
import { randomLong } from './big-numbers';
import { type ChannelRecord, channelBook } from './channel-book';
import type { Store } from './store';

const now = () => Math.floor(Date.now() / 1000);

/** The FakeTelegram calls that set up channels and invite links, over the store's channel book. */
export function channelControls(store: Store): FakeChannelControls {
  const book = channelBook(store);
  const channelOf = (id: bigint): ChannelRecord => {
    const channel = book.channels.get(id);
    if (!channel) throw new Error(`no fake channel ${id}`);
    return channel;
  };
  const targetOf = (target: { chatId: bigint } | { channelId: bigint }) => {
    if ('channelId' in target) return { kind: 'channel' as const, id: channelOf(target.channelId).id };
    if (!store.chats.has(target.chatId)) throw new Error(`no fake group ${target.chatId}`);
    return { kind: 'chat' as const, id: target.chatId };
  };
  return {
    createChannel({ title, username, broadcast = false, about = '', memberIds = [], photo }): FakeChannel {
      if (username && (store.userByUsername(username) || book.byUsername(username)))
        throw new Error(`@${username} is taken`);
      for (const id of memberIds) if (!store.user(id)) throw new Error(`no fake user ${id}`);
      if (photo && (photo.kind !== 'photo' || !store.photos.has(photo.id)))
        throw new Error('not a photo of this fake');
      const channel: ChannelRecord = {
        id: book.newChannelId(),
        accessHash: randomLong(),
        title,
        username: username ?? null,
        broadcast,
        about,
        date: now(),
        memberIds: new Set(memberIds),
        ...(photo ? { photoId: photo.id } : {}),
      };
      book.channels.set(channel.id, channel);
      return { id: channel.id, accessHash: channel.accessHash, title, username: channel.username, broadcast };
    },
    createInviteLink: (target) => book.newInvite(targetOf(target)).hash,
    expireInviteLink(hash) {
      const invite = book.invites.get(hash);
      if (!invite) throw new Error(`no invite link ${hash}`);
      invite.expired = true;
    },
    membersOf(target) {
      const { kind, id } = targetOf(target);
      return kind === 'channel' ? [...channelOf(id).memberIds] : [...(store.chats.get(id)?.memberIds ?? [])];
    },
    channelMuteUntil: (ownerId, channelId) => book.notifySettings(ownerId, channelOf(channelId).id).muteUntil,
  };
}
