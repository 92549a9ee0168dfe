import { Api } from 'telegram';
import { fromTlLong, toTlLong } from '../big-numbers';
import { type ChannelRecord, channelBook } from '../channel-book';
import type { ChannelPost } from '../channel-posts';
import type { Handler, MethodTable } from '../method-table';
import { badRequest, forbidden } from '../rpc-failure';
import type { UserRecord } from '../store';
import type { TlObject } from '../tl-wire';
import type { MethodDeps } from './deps';
import { type PageRequest, page } from './history-paging';
import { resolveMedia } from './media-input';

/**
 * Messages in supergroups and channels: the channels.* and updates.getChannelDifference methods,
 * and the messages.* methods a client sends with a channel as the peer (send, edit, history,
 * typing, reactions), which the mailbox handlers registered before leave to these.
 */
export function registerChannelMessageMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, channelPosts: posts } = deps;
  const book = channelBook(store);

  /** The channel an InputChannel or InputPeerChannel names, readable by the caller. */
  const readable = (input: unknown, me: UserRecord): ChannelRecord => {
    const channel = book.fromInput(input);
    if (!channel.memberIds.has(me.id) && channel.username === null) throw badRequest('CHANNEL_PRIVATE');
    return channel;
  };
  const postOf = (channel: ChannelRecord, id: number): ChannelPost => {
    const post = posts.find(channel, id);
    if (!post) throw badRequest('MESSAGE_ID_INVALID');
    return post;
  };

  /**
   * Takes over `requestClass` for requests whose peer is a channel; the handler registered before
   * keeps the others (private chats and basic groups).
   */
  const inChannels = <T extends TlObject & { peer: unknown }>(
    requestClass: { new (...args: never[]): T; readonly CONSTRUCTOR_ID: number },
    handle: (request: T, channel: ChannelRecord, me: UserRecord, authKeyId: string) => ReturnType<Handler<T>>,
  ) => {
    const mailbox = table.find(requestClass.CONSTRUCTOR_ID);
    if (!mailbox) throw new Error(`no mailbox handler for ${requestClass.name} to extend`);
    table.on(requestClass, (request, context) => {
      if (!(request.peer instanceof Api.InputPeerChannel)) return mailbox.handler(request, context);
      const me = context.me();
      return handle(request, readable(request.peer, me), me, context.authKey.id);
    });
  };

  /** The caller's view of its new post, in the shape Telegram answers a send with. */
  const sentAnswer = (channel: ChannelRecord, post: ChannelPost, me: UserRecord, randomId?: Api.long) =>
    new Api.Updates({
      updates: [
        new Api.UpdateMessageID({ id: post.id, randomId: randomId ?? toTlLong(0n) }),
        // A resend recognised by its random id is answered with the post as it was sent.
        new Api.UpdateNewChannelMessage({
          message: posts.message(channel, post, me.id),
          pts: post.pts,
          ptsCount: 1,
        }),
      ],
      ...posts.entities(channel, [post], me.id),
      date: post.logical.date,
      seq: 0,
    });
  const replyToId = (replyTo: Api.TypeInputReplyTo | undefined) =>
    replyTo instanceof Api.InputReplyToMessage ? replyTo.replyToMsgId : null;
  const randomIdOf = (randomId: Api.long | undefined) =>
    randomId === undefined ? null : fromTlLong(randomId);

  const channelMessages = (
    channel: ChannelRecord,
    me: UserRecord,
    all: ChannelPost[],
    request: PageRequest,
  ) => {
    const shown = page(all, request);
    return new Api.messages.ChannelMessages({
      pts: posts.pts(channel),
      count: all.length,
      messages: shown.map((post) => posts.message(channel, post, me.id)),
      topics: [],
      ...posts.entities(channel, shown, me.id),
    });
  };
  const affected = (channel: ChannelRecord) =>
    new Api.messages.AffectedHistory({ pts: posts.pts(channel), ptsCount: 0, offset: 0 });

  inChannels(Api.messages.SendMessage, (request, channel, me, authKeyId) => {
    if (!request.message.trim()) throw badRequest('MESSAGE_EMPTY');
    const post = posts.post(
      channel,
      {
        senderId: me.id,
        text: request.message,
        entities: request.entities ?? [],
        replyToId: replyToId(request.replyTo),
        randomId: randomIdOf(request.randomId),
      },
      authKeyId,
    );
    return sentAnswer(channel, post, me, request.randomId);
  });

  inChannels(Api.messages.SendMedia, (request, channel, me, authKeyId) => {
    const post = posts.post(
      channel,
      {
        senderId: me.id,
        text: request.message,
        entities: request.entities ?? [],
        media: resolveMedia(deps, me, request.media),
        replyToId: replyToId(request.replyTo),
        randomId: randomIdOf(request.randomId),
      },
      authKeyId,
    );
    return sentAnswer(channel, post, me, request.randomId);
  });

  inChannels(Api.messages.EditMessage, (request, channel, me, authKeyId) => {
    const post = postOf(channel, request.id);
    if (post.logical.senderId !== me.id) throw forbidden('MESSAGE_AUTHOR_REQUIRED');
    if (request.media) throw badRequest('MEDIA_INVALID');
    const text = request.message ?? post.logical.text;
    if (text === post.logical.text && !request.entities) throw badRequest('MESSAGE_NOT_MODIFIED');
    posts.edit(channel, post, text, request.entities ?? [], authKeyId);
    return new Api.Updates({
      updates: [
        new Api.UpdateEditChannelMessage({
          message: posts.message(channel, post, me.id),
          pts: posts.pts(channel),
          ptsCount: 1,
        }),
      ],
      ...posts.entities(channel, [post], me.id),
      date: Math.floor(Date.now() / 1000),
      seq: 0,
    });
  });

  inChannels(Api.messages.GetHistory, (request, channel, me) =>
    channelMessages(channel, me, posts.posts(channel).reverse(), request),
  );

  inChannels(Api.messages.GetUnreadMentions, (request, channel, me) =>
    channelMessages(channel, me, posts.unreadMentions(channel, me.id).reverse(), request),
  );
  inChannels(Api.messages.GetUnreadReactions, (request, channel, me) =>
    channelMessages(channel, me, posts.unreadReactions(channel, me.id).reverse(), request),
  );
  inChannels(Api.messages.ReadMentions, (_request, channel, me) => {
    posts.readMentions(channel, me.id);
    return affected(channel);
  });
  inChannels(Api.messages.ReadReactions, (_request, channel, me) => {
    posts.readReactions(channel, me.id);
    return affected(channel);
  });

  inChannels(Api.messages.SetTyping, (request, channel, me) => {
    posts.typing(channel, me.id, request.action);
    return true;
  });

  inChannels(Api.messages.SendReaction, (request, channel, me) => {
    if (typeof request.msgId !== 'number') throw badRequest('MESSAGE_ID_INVALID');
    const post = postOf(channel, request.msgId);
    const emojis = (request.reaction ?? []).map((reaction) => {
      if (!(reaction instanceof Api.ReactionEmoji)) throw badRequest('REACTION_INVALID');
      return reaction.emoticon;
    });
    posts.react(channel, post, me.id, emojis);
    return new Api.Updates({
      updates: [],
      users: [],
      chats: [],
      date: Math.floor(Date.now() / 1000),
      seq: 0,
    });
  });

  table.on(Api.channels.GetMessages, (request, context) => {
    const me = context.me();
    const channel = readable(request.channel, me);
    const found: ChannelPost[] = [];
    const messages = request.id.map((input) => {
      const post = input instanceof Api.InputMessageID ? posts.find(channel, input.id) : undefined;
      if (!post) return new Api.MessageEmpty({ id: input instanceof Api.InputMessageID ? input.id : 0 });
      found.push(post);
      return posts.message(channel, post, me.id);
    });
    return new Api.messages.ChannelMessages({
      pts: posts.pts(channel),
      count: found.length,
      messages,
      topics: [],
      ...posts.entities(channel, found, me.id),
    });
  });

  table.on(Api.channels.ReadHistory, (request, context) => {
    const me = context.me();
    const channel = readable(request.channel, me);
    if (!channel.memberIds.has(me.id)) throw badRequest('CHANNEL_PRIVATE');
    posts.read(channel, me.id, request.maxId);
    return true;
  });

  table.on(Api.channels.DeleteMessages, (request, context) => {
    const me = context.me();
    const channel = readable(request.channel, me);
    for (const id of request.id) {
      const post = posts.find(channel, id);
      if (post && post.logical.senderId !== me.id) throw forbidden('MESSAGE_DELETE_FORBIDDEN');
    }
    return new Api.messages.AffectedMessages(posts.delete(channel, request.id, context.authKey.id));
  });

  // Telegram names, in a member's difference, the channels that changed meanwhile (without their
  // updates): the client then asks each for its own difference.
  const mailboxDifference = table.find(Api.updates.GetDifference.CONSTRUCTOR_ID);
  if (!mailboxDifference) throw new Error('no mailbox handler for updates.GetDifference to extend');
  table.on(Api.updates.GetDifference, async (request, context) => {
    const answer = await mailboxDifference.handler(request, context);
    const me = context.me();
    const changed = book.joinedBy(me.id).flatMap((channel) => {
      const pts = posts.ptsBeforeChangesSince(channel, request.date);
      return pts === null ? [] : [{ channel, pts }];
    });
    if (changed.length === 0) return answer;
    const tooLong = changed.map(
      ({ channel, pts }) => new Api.UpdateChannelTooLong({ channelId: toTlLong(channel.id), pts }),
    );
    const chats = changed.flatMap(({ channel }) => posts.entities(channel, [], me.id).chats);
    if (answer instanceof Api.updates.Difference || answer instanceof Api.updates.DifferenceSlice) {
      answer.otherUpdates.push(...tooLong);
      answer.chats.push(...chats);
      return answer;
    }
    if (!(answer instanceof Api.updates.DifferenceEmpty)) return answer;
    return new Api.updates.Difference({
      newMessages: [],
      newEncryptedMessages: [],
      otherUpdates: tooLong,
      users: [],
      chats,
      state: new Api.updates.State({
        pts: store.mailbox(me.id).pts,
        qts: 0,
        date: answer.date,
        seq: answer.seq,
        unreadCount: 0,
      }),
    });
  });

  table.on(Api.updates.GetChannelDifference, (request, context) => {
    const me = context.me();
    const channel = readable(request.channel, me);
    return posts.difference(channel, me.id, request.pts, request.limit);
  });
}
