import { Api } from 'telegram';
import { toTlLong } from './big-numbers';
import { type ChannelRecord, channelView } from './channel-book';
import type { Deliver, PostInput, TypingRecord } from './messaging';
import { badRequest, forbidden } from './rpc-failure';
import type { LogicalMessage, Store } from './store';
import type { Views } from './views';
import { mentionEntities, mentionsUsername, newLogicalMessage } from './written-message';

/**
 * The messages of supergroups and broadcast channels, as Telegram keeps them: unlike a mailbox,
 * a channel has one list shared by every member, with message ids and a pts of its own. Every
 * change moves the channel's pts and is pushed to the members' sessions; what a member missed
 * is answered from the channel's update log (updates.getChannelDifference).
 */

/** The updates kept per channel; a member further behind gets "too long". */
const KEPT_CHANNEL_UPDATES = 1_000;

/** A message of a channel: one copy, one id, for every member. */
export interface ChannelPost {
  readonly id: number;
  /** The channel's pts once it was posted. */
  readonly pts: number;
  readonly logical: LogicalMessage;
  readonly replyToId: number | null;
  /** The members it mentions: by @username, by a reply to them, or named by the sender. */
  readonly mentioned: ReadonlySet<bigint>;
}

/** What a member writes: as in any chat, with a reply naming a message of the channel. */
export type ChannelPostInput = Omit<PostInput, 'to'>;

/** One change of a channel's pts; the update is made per member, as each sees it. */
interface LoggedChange {
  readonly pts: number;
  readonly ptsCount: number;
  /** When it happened, in seconds. */
  readonly date: number;
  /** The posts as they were then (a later edit is a change of its own). */
  readonly posts: readonly ChannelPost[];
  readonly update: (viewerId: bigint) => Api.TypeUpdate;
}

interface Timeline {
  pts: number;
  lastMessageId: number;
  readonly posts: Map<number, ChannelPost>;
  /** Per member, the newest post they have read. */
  readonly readUpTo: Map<bigint, number>;
  /** `${member}|${post id}` for the mentions of a member the member has seen. */
  readonly mentionsSeen: Set<string>;
  readonly log: LoggedChange[];
  /** The pts before the oldest change kept: asked from before it, the difference is too long. */
  keptFrom: number;
}

const now = () => Math.floor(Date.now() / 1000);

/** A copy of the post as it is now, for the log: later edits change the live one. */
function snapshot(post: ChannelPost): ChannelPost {
  return { ...post, logical: { ...post.logical, reactions: [...post.logical.reactions] } };
}

export class ChannelPosts {
  readonly #store: Store;
  readonly #views: Views;
  readonly #deliver: Deliver;
  readonly #dcId: number;
  readonly #timelines = new Map<bigint, Timeline>();
  /** `${channel}|${sender}|${randomId}` -> the post it made, so a resend is recognised. */
  readonly #randomIds = new Map<string, ChannelPost>();

  readonly #typingLog: TypingRecord[];

  constructor(store: Store, views: Views, deliver: Deliver, dcId: number, typingLog: TypingRecord[]) {
    this.#typingLog = typingLog;
    this.#store = store;
    this.#views = views;
    this.#deliver = deliver;
    this.#dcId = dcId;
  }

  /** The channel's posts, oldest first. */
  posts(channel: ChannelRecord): ChannelPost[] {
    return [...this.#timeline(channel).posts.values()].sort((a, b) => a.id - b.id);
  }

  find(channel: ChannelRecord, id: number): ChannelPost | undefined {
    return this.#timeline(channel).posts.get(id);
  }

  pts(channel: ChannelRecord): number {
    return this.#timeline(channel).pts;
  }

  post(channel: ChannelRecord, input: ChannelPostInput, except: string | null): ChannelPost {
    if (!channel.memberIds.has(input.senderId)) throw forbidden('CHAT_WRITE_FORBIDDEN');
    const randomKey = input.randomId == null ? null : `${channel.id}|${input.senderId}|${input.randomId}`;
    const earlier = randomKey === null ? undefined : this.#randomIds.get(randomKey);
    if (earlier) return earlier;
    const timeline = this.#timeline(channel);
    const replyTarget = input.replyToId == null ? undefined : timeline.posts.get(input.replyToId);
    if (input.replyToId != null && !replyTarget) throw badRequest('REPLY_TO_INVALID');
    const mentioned = [...channel.memberIds].filter(
      (memberId) =>
        memberId !== input.senderId &&
        (input.mentions?.includes(memberId) ||
          mentionsUsername(input.text, this.#store.user(memberId)?.username ?? null) ||
          replyTarget?.logical.senderId === memberId),
    );
    const post: ChannelPost = {
      id: ++timeline.lastMessageId,
      pts: timeline.pts + 1,
      logical: newLogicalMessage(this.#store, input),
      replyToId: replyTarget?.id ?? null,
      mentioned: new Set(mentioned),
    };
    timeline.posts.set(post.id, post);
    if (randomKey !== null) this.#randomIds.set(randomKey, post);
    // Writing in a chat reads it, as in every Telegram client.
    timeline.readUpTo.set(input.senderId, post.id);
    this.#messageChange(channel, post, except, Api.UpdateNewChannelMessage);
    return post;
  }

  edit(
    channel: ChannelRecord,
    post: ChannelPost,
    text: string,
    entities: Api.TypeMessageEntity[] | undefined,
    except: string | null,
  ): void {
    post.logical.text = text;
    post.logical.entities = entities ?? mentionEntities(text);
    post.logical.editDate = now();
    this.#messageChange(channel, post, except, Api.UpdateEditChannelMessage);
  }

  /** Deletes posts for everyone; returns the channel's pts after, and by how much it moved. */
  delete(
    channel: ChannelRecord,
    ids: readonly number[],
    except: string | null,
  ): { pts: number; ptsCount: number } {
    const timeline = this.#timeline(channel);
    const gone = ids.filter((id) => timeline.posts.delete(id));
    if (gone.length === 0) return { pts: timeline.pts, ptsCount: 0 };
    const channelId = toTlLong(channel.id);
    this.#change(
      channel,
      gone.length,
      [],
      except,
      (pts) => () =>
        new Api.UpdateDeleteChannelMessages({ channelId, messages: gone, pts, ptsCount: gone.length }),
    );
    return { pts: timeline.pts, ptsCount: gone.length };
  }

  /** Sets a member's reactions on a post (none removes them); reactions move no pts. */
  react(channel: ChannelRecord, post: ChannelPost, reactorId: bigint, emojis: readonly string[]): void {
    const { logical } = post;
    logical.reactions = [
      ...logical.reactions.filter((reaction) => reaction.userId !== reactorId),
      ...emojis.map((emoji) => ({
        userId: reactorId,
        emoji,
        date: now(),
        unread: reactorId !== logical.senderId,
      })),
    ];
    for (const memberId of channel.memberIds) {
      const update = new Api.UpdateMessageReactions({
        peer: new Api.PeerChannel({ channelId: toTlLong(channel.id) }),
        msgId: post.id,
        reactions: this.#views.reactions(logical, memberId),
      });
      this.#push(channel, memberId, update, [post], null);
    }
  }

  /** Moves the member's read mark (everything, with maxId 0). */
  read(channel: ChannelRecord, userId: bigint, maxId: number): void {
    const timeline = this.#timeline(channel);
    const upTo = maxId <= 0 ? timeline.lastMessageId : Math.min(maxId, timeline.lastMessageId);
    timeline.readUpTo.set(userId, Math.max(timeline.readUpTo.get(userId) ?? 0, upTo));
  }

  /** "typing…" (or another chat action) from a member, shown to the others. */
  typing(channel: ChannelRecord, fromId: bigint, action: Api.TypeSendMessageAction): void {
    this.#typingLog.push({ fromId, to: { kind: 'channel', id: channel.id }, action: action.className });
    for (const memberId of channel.memberIds) {
      if (memberId === fromId) continue;
      const update = new Api.UpdateChannelUserTyping({
        channelId: toTlLong(channel.id),
        fromId: new Api.PeerUser({ userId: toTlLong(fromId) }),
        action,
      });
      this.#deliver(memberId, new Api.UpdateShort({ update, date: now() }), null);
    }
  }

  /** Forgets the channel's update log so far: a member behind it gets "too long". */
  forgetUpdates(channel: ChannelRecord): void {
    const timeline = this.#timeline(channel);
    timeline.log.length = 0;
    timeline.keptFrom = timeline.pts;
  }

  /** The post as `viewerId` sees it. */
  message(channel: ChannelRecord, post: ChannelPost, viewerId: bigint): Api.Message {
    const { logical } = post;
    return new Api.Message({
      id: post.id,
      peerId: new Api.PeerChannel({ channelId: toTlLong(channel.id) }),
      fromId: channel.broadcast ? undefined : new Api.PeerUser({ userId: toTlLong(logical.senderId) }),
      post: channel.broadcast,
      out: logical.senderId === viewerId,
      mentioned: post.mentioned.has(viewerId),
      mediaUnread: this.#mentionUnread(channel, post, viewerId),
      date: logical.date,
      message: logical.text,
      entities: logical.entities.length > 0 ? logical.entities : undefined,
      media: logical.media ? this.#views.media(logical.media) : undefined,
      replyTo:
        post.replyToId === null ? undefined : new Api.MessageReplyHeader({ replyToMsgId: post.replyToId }),
      editDate: logical.editDate ?? undefined,
      reactions: logical.reactions.length > 0 ? this.#views.reactions(logical, viewerId) : undefined,
    });
  }

  readUpTo(channel: ChannelRecord, userId: bigint): number {
    return this.#timeline(channel).readUpTo.get(userId) ?? 0;
  }

  /** Posts that mention the member and that the member has not seen (messages.getUnreadMentions). */
  unreadMentions(channel: ChannelRecord, userId: bigint): ChannelPost[] {
    return this.posts(channel).filter((post) => this.#mentionUnread(channel, post, userId));
  }

  readMentions(channel: ChannelRecord, userId: bigint): void {
    const { mentionsSeen } = this.#timeline(channel);
    for (const post of this.unreadMentions(channel, userId)) mentionsSeen.add(`${userId}|${post.id}`);
  }

  /** The member's posts with reactions the member has not seen (messages.getUnreadReactions). */
  unreadReactions(channel: ChannelRecord, userId: bigint): ChannelPost[] {
    return this.posts(channel).filter(
      (post) =>
        post.logical.senderId === userId && post.logical.reactions.some((reaction) => reaction.unread),
    );
  }

  readReactions(channel: ChannelRecord, userId: bigint): void {
    for (const post of this.unreadReactions(channel, userId))
      for (const reaction of post.logical.reactions) reaction.unread = false;
  }

  /** Posts by others after the member's read mark. */
  unread(channel: ChannelRecord, userId: bigint): ChannelPost[] {
    const upTo = this.readUpTo(channel, userId);
    return this.posts(channel).filter((post) => post.id > upTo && post.logical.senderId !== userId);
  }

  /** The users and the channel a member needs to make sense of these posts. */
  entities(channel: ChannelRecord, posts: readonly ChannelPost[], viewerId: bigint) {
    const userIds = [
      viewerId,
      ...posts.flatMap((post) => [post.logical.senderId, ...post.logical.reactions.map((r) => r.userId)]),
    ];
    return {
      users: this.#views.entities(userIds, [], viewerId).users,
      chats: [channelView(this.#store, channel, viewerId, this.#dcId)],
    };
  }

  /** What the member missed since `pts`, as updates.getChannelDifference answers, `limit` changes at most. */
  difference(
    channel: ChannelRecord,
    viewerId: bigint,
    pts: number,
    limit: number,
  ): Api.updates.TypeChannelDifference {
    const timeline = this.#timeline(channel);
    if (pts >= timeline.pts)
      return new Api.updates.ChannelDifferenceEmpty({ final: true, pts: timeline.pts });
    if (pts < timeline.keptFrom) {
      const top = this.posts(channel).at(-1);
      return new Api.updates.ChannelDifferenceTooLong({
        final: true,
        dialog: new Api.Dialog({
          peer: new Api.PeerChannel({ channelId: toTlLong(channel.id) }),
          topMessage: top?.id ?? 0,
          readInboxMaxId: this.readUpTo(channel, viewerId),
          readOutboxMaxId: 0,
          unreadCount: this.unread(channel, viewerId).length,
          unreadMentionsCount: 0,
          unreadReactionsCount: 0,
          notifySettings: new Api.PeerNotifySettings({}),
          pts: timeline.pts,
        }),
        messages: top ? [this.message(channel, top, viewerId)] : [],
        ...this.entities(channel, top ? [top] : [], viewerId),
      });
    }
    const missed = timeline.log.filter((change) => change.pts > pts);
    const shown = missed.slice(0, Math.max(1, limit));
    const updates = shown.map((change) => change.update(viewerId));
    return new Api.updates.ChannelDifference({
      final: shown.length === missed.length,
      pts: shown.at(-1)!.pts,
      newMessages: updates.flatMap((update) =>
        update instanceof Api.UpdateNewChannelMessage ? [update.message] : [],
      ),
      otherUpdates: updates.filter((update) => !(update instanceof Api.UpdateNewChannelMessage)),
      ...this.entities(
        channel,
        shown.flatMap((change) => change.posts),
        viewerId,
      ),
    });
  }

  /** A post new or edited: one step of the pts, with the post as it is now. */
  #messageChange(
    channel: ChannelRecord,
    post: ChannelPost,
    except: string | null,
    kind: typeof Api.UpdateNewChannelMessage | typeof Api.UpdateEditChannelMessage,
  ): void {
    const kept = snapshot(post);
    this.#change(
      channel,
      1,
      [kept],
      except,
      (pts) => (viewerId) => new kind({ message: this.message(channel, kept, viewerId), pts, ptsCount: 1 }),
    );
  }

  /**
   * The channel's pts before its first change since `date` (seconds), or null when nothing changed
   * since: what updates.getDifference tells a member of with updateChannelTooLong.
   */
  ptsBeforeChangesSince(channel: ChannelRecord, date: number): number | null {
    const first = this.#timeline(channel).log.find((change) => change.date >= date);
    return first ? first.pts - first.ptsCount : null;
  }

  #mentionUnread(channel: ChannelRecord, post: ChannelPost, userId: bigint): boolean {
    return post.mentioned.has(userId) && !this.#timeline(channel).mentionsSeen.has(`${userId}|${post.id}`);
  }

  /** Moves the pts by `ptsCount`, logs the change and pushes it to every member. */
  #change(
    channel: ChannelRecord,
    ptsCount: number,
    posts: readonly ChannelPost[],
    except: string | null,
    make: (pts: number) => (viewerId: bigint) => Api.TypeUpdate,
  ): void {
    const timeline = this.#timeline(channel);
    timeline.pts += ptsCount;
    const change: LoggedChange = {
      pts: timeline.pts,
      ptsCount,
      date: now(),
      posts,
      update: make(timeline.pts),
    };
    timeline.log.push(change);
    while (timeline.log.length > KEPT_CHANNEL_UPDATES) timeline.keptFrom = timeline.log.shift()!.pts;
    for (const memberId of channel.memberIds)
      this.#push(channel, memberId, change.update(memberId), posts, except);
  }

  #push(
    channel: ChannelRecord,
    memberId: bigint,
    update: Api.TypeUpdate,
    posts: readonly ChannelPost[],
    except: string | null,
  ): void {
    const updates = new Api.Updates({
      updates: [update],
      ...this.entities(channel, posts, memberId),
      date: now(),
      seq: 0,
    });
    this.#deliver(memberId, updates, except);
  }

  #timeline(channel: ChannelRecord): Timeline {
    let timeline = this.#timelines.get(channel.id);
    if (!timeline) {
      timeline = {
        pts: 1,
        lastMessageId: 0,
        posts: new Map(),
        readUpTo: new Map(),
        mentionsSeen: new Set(),
        log: [],
        keptFrom: 1,
      };
      this.#timelines.set(channel.id, timeline);
    }
    return timeline;
  }
}
