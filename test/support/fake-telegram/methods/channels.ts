import { Api } from 'telegram';
import { fromTlLong, toTlLong } from '../big-numbers';
import { type ChannelRecord, channelBook, channelView, type InviteRecord } from '../channel-book';
import type { MethodTable } from '../method-table';
import { badRequest } from '../rpc-failure';
import type { ChatRecord, UserRecord } from '../store';
import type { MethodDeps } from './deps';

/**
 * Joining and leaving: channels.joinChannel/leaveChannel/getFullChannel, invite links
 * (messages.checkChatInvite/importChatInvite, with Telegram's errors) and a basic group's
 * messages.deleteChatUser for the member leaving.
 */
export function registerChannelMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views } = deps;
  const book = channelBook(store);
  const view = (channel: ChannelRecord, viewer: UserRecord) =>
    channelView(store, channel, viewer.id, deps.dc.id);
  const updates = (chats: Api.TypeChat[]) =>
    new Api.Updates({ updates: [], users: [], chats, date: now(), seq: 0 });

  /** The invite a hash names, if it may still be used. */
  const usableInvite = (hash: string): InviteRecord => {
    const invite = book.invites.get(hash);
    if (!invite) throw badRequest('INVITE_HASH_INVALID');
    if (invite.expired) throw badRequest('INVITE_HASH_EXPIRED');
    return invite;
  };
  const invitedChat = (invite: InviteRecord, viewer: UserRecord) => {
    if (invite.target.kind === 'channel') {
      const channel = book.channels.get(invite.target.id);
      if (!channel) throw badRequest('INVITE_HASH_INVALID');
      return { member: channel.memberIds.has(viewer.id), view: view(channel, viewer), channel };
    }
    const chat = store.chats.get(invite.target.id);
    if (!chat) throw badRequest('INVITE_HASH_INVALID');
    return { member: chat.memberIds.includes(viewer.id), view: views.chat(chat, viewer.id), chat };
  };

  table.on(Api.channels.JoinChannel, (request, context) => {
    const me = context.me();
    const channel = book.fromInput(request.channel);
    channel.memberIds.add(me.id);
    return updates([view(channel, me)]);
  });

  table.on(Api.channels.LeaveChannel, (request, context) => {
    const me = context.me();
    const channel = book.fromInput(request.channel);
    if (!channel.memberIds.delete(me.id)) throw badRequest('USER_NOT_PARTICIPANT');
    return updates([view(channel, me)]);
  });

  // A user names a channel by its access hash; Telegram answers CHANNEL_INVALID without it (only
  // bots may send 0).
  table.on(Api.channels.GetChannels, (request, context) => {
    const me = context.me();
    return new Api.messages.Chats({ chats: request.id.map((input) => view(book.fromInput(input), me)) });
  });

  table.on(Api.channels.GetFullChannel, (request, context) => {
    const me = context.me();
    const channel = book.fromInput(request.channel);
    if (!channel.memberIds.has(me.id) && channel.username === null) throw badRequest('CHANNEL_PRIVATE');
    const photo = channel.photoId === undefined ? undefined : store.photos.get(channel.photoId);
    return new Api.messages.ChatFull({
      fullChat: new Api.ChannelFull({
        id: toTlLong(channel.id),
        about: channel.about,
        participantsCount: channel.memberIds.size,
        readInboxMaxId: deps.channelPosts.readUpTo(channel, me.id),
        readOutboxMaxId: 0,
        unreadCount: deps.channelPosts.unread(channel, me.id).length,
        chatPhoto: photo ? views.photo(photo) : new Api.PhotoEmpty({ id: toTlLong(0n) }),
        notifySettings: channelNotifySettings(deps, me, channel),
        botInfo: [],
        pts: deps.channelPosts.pts(channel),
      }),
      chats: [view(channel, me)],
      users: [],
    });
  });

  table.on(Api.messages.CheckChatInvite, (request, context) => {
    const me = context.me();
    const invited = invitedChat(usableInvite(request.hash), me);
    if (invited.member) return new Api.ChatInviteAlready({ chat: invited.view });
    const broadcast = invited.channel?.broadcast === true;
    return new Api.ChatInvite({
      channel: invited.channel !== undefined,
      broadcast,
      megagroup: invited.channel !== undefined && !broadcast,
      title: invited.view.title,
      photo: new Api.PhotoEmpty({ id: toTlLong(0n) }),
      participantsCount: invited.channel?.memberIds.size ?? invited.chat?.memberIds.length ?? 0,
      color: 0,
    });
  });

  table.on(Api.messages.ImportChatInvite, (request, context) => {
    const me = context.me();
    const invited = invitedChat(usableInvite(request.hash), me);
    if (invited.member) throw badRequest('USER_ALREADY_PARTICIPANT');
    if (invited.channel) {
      invited.channel.memberIds.add(me.id);
      return updates([view(invited.channel, me)]);
    }
    const chat = invited.chat as ChatRecord;
    chat.memberIds.push(me.id);
    store.dialog(me.id, { kind: 'chat', id: chat.id });
    return updates([views.chat(chat, me.id)]);
  });

  table.on(Api.messages.DeleteChatUser, (request, context) => {
    const me = context.me();
    const chat = store.chats.get(fromTlLong(request.chatId));
    if (!chat?.memberIds.includes(me.id)) throw badRequest('CHAT_ID_INVALID');
    const user = deps.inputs.user(me, request.userId);
    if (user.id !== me.id && chat.creatorId !== me.id) throw badRequest('CHAT_ADMIN_REQUIRED');
    const index = chat.memberIds.indexOf(user.id);
    if (index === -1) throw badRequest('USER_NOT_PARTICIPANT');
    chat.memberIds.splice(index, 1);
    return updates([views.chat(chat, me.id)]);
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** The user's channels as dialogs, with their newest messages and the users those name. */
export function channelDialogs(
  deps: MethodDeps,
  viewer: UserRecord,
): { dialogs: Api.Dialog[]; chats: Api.Channel[]; messages: Api.Message[]; users: Api.TypeUser[] } {
  const { channelPosts: posts } = deps;
  const joined = channelBook(deps.store).joinedBy(viewer.id);
  const tops = joined.flatMap((channel) => {
    const top = posts.posts(channel).at(-1);
    return top ? [{ channel, top }] : [];
  });
  return {
    dialogs: joined.map((channel) => {
      return new Api.Dialog({
        peer: new Api.PeerChannel({ channelId: toTlLong(channel.id) }),
        topMessage: posts.posts(channel).at(-1)?.id ?? 0,
        readInboxMaxId: posts.readUpTo(channel, viewer.id),
        readOutboxMaxId: 0,
        unreadCount: posts.unread(channel, viewer.id).length,
        unreadMentionsCount: posts.unreadMentions(channel, viewer.id).length,
        unreadReactionsCount: posts.unreadReactions(channel, viewer.id).length,
        notifySettings: channelNotifySettings(deps, viewer, channel),
        pts: posts.pts(channel),
      });
    }),
    chats: joined.map((channel) => channelView(deps.store, channel, viewer.id, deps.dc.id)),
    messages: tops.map(({ channel, top }) => posts.message(channel, top, viewer.id)),
    users: tops.flatMap(({ channel, top }) => posts.entities(channel, [top], viewer.id).users),
  };
}

function channelNotifySettings(deps: MethodDeps, viewer: UserRecord, channel: ChannelRecord) {
  const { muteUntil, silent, showPreviews } = channelBook(deps.store).notifySettings(viewer.id, channel.id);
  return new Api.PeerNotifySettings({ muteUntil, silent, showPreviews });
}
