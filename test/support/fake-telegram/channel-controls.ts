import { Api } from 'telegram';
import type { FakeChannel, FakeChannelControls, FakeChannelMessageRef, FakeMessageView } from './api';
import { randomLong } from './big-numbers';
import { type ChannelRecord, channelBook } from './channel-book';
import type { ChannelPost, ChannelPosts } from './channel-posts';
import type { Store } from './store';

const now = () => Math.floor(Date.now() / 1000);

/**
 * The FakeTelegram calls that set up channels and invite links, over the store's channel book,
 * and what members do in supergroups, over their posts.
 */
export function channelControls(store: Store, posts: ChannelPosts): FakeChannelControls {
  const book = channelBook(store);
  const channelOf = (id: bigint): ChannelRecord => {
    const channel = book.channels.get(id);
    if (!channel) throw new Error(`no fake channel ${id}`);
    return channel;
  };
  const postOf = ({
    channelId,
    messageId,
  }: Pick<FakeChannelMessageRef, 'channelId' | 'messageId'>): ChannelPost => {
    const post = posts.find(channelOf(channelId), messageId);
    if (!post) throw new Error(`channel ${channelId} has no message ${messageId}`);
    return post;
  };
  const viewOf = (post: ChannelPost, viewerId: bigint): FakeMessageView => ({
    id: post.id,
    senderId: post.logical.senderId,
    out: post.logical.senderId === viewerId,
    text: post.logical.text,
    date: post.logical.date,
    edited: post.logical.editDate !== null,
    replyToId: post.replyToId,
    mediaId: post.logical.media?.id ?? null,
    mentioned: post.mentioned.has(viewerId),
    reactions: post.logical.reactions.map(({ userId, emoji }) => ({ userId, emoji })),
  });
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

    channelSays(fromUserId, channelId, text, options = {}) {
      if (!store.user(fromUserId)) throw new Error(`no fake user ${fromUserId}`);
      const media =
        options.media &&
        (options.media.kind === 'document' ? store.documents : store.photos).get(options.media.id);
      if (options.media && !media) throw new Error('not a file of this fake');
      const post = posts.post(
        channelOf(channelId),
        {
          senderId: fromUserId,
          text,
          entities: options.entities,
          media: media ?? null,
          replyToId: options.replyTo ? postOf(options.replyTo).id : null,
          mentions: options.mentions,
        },
        null,
      );
      return { channelId, messageId: post.id, senderId: fromUserId };
    },
    channelEdits(message, text) {
      posts.edit(channelOf(message.channelId), postOf(message), text, undefined, null);
    },
    channelDeletes(messages) {
      for (const channelId of new Set(messages.map((message) => message.channelId))) {
        const ids = messages
          .filter((message) => message.channelId === channelId)
          .map((message) => message.messageId);
        posts.delete(channelOf(channelId), ids, null);
      }
    },
    channelReacts(userId, message, emoji) {
      posts.react(channelOf(message.channelId), postOf(message), userId, emoji === null ? [] : [emoji]);
    },
    channelTypes: (userId, channelId) =>
      posts.typing(channelOf(channelId), userId, new Api.SendMessageTypingAction()),
    messagesInChannel: (viewerId, channelId) =>
      posts.posts(channelOf(channelId)).map((post) => viewOf(post, viewerId)),
    channelReadUpTo: (userId, channelId) => posts.readUpTo(channelOf(channelId), userId),
    channelUnread(userId, channelId) {
      const channel = channelOf(channelId);
      return {
        messages: posts.unread(channel, userId).length,
        mentions: posts.unreadMentions(channel, userId).length,
        reactions: posts.unreadReactions(channel, userId).length,
      };
    },
    forgetChannelUpdates: (channelId) => posts.forgetUpdates(channelOf(channelId)),
  };
}
