import { Api } from 'telegram';
import { toTlLong } from './big-numbers';
import { badRequest, forbidden } from './rpc-failure';
import {
  type DialogRecord,
  type LogicalMessage,
  type MediaRecord,
  type MessageCopy,
  type PeerRef,
  peerKey,
  type ReactionRecord,
  type Store,
  samePeer,
} from './store';
import type { UpdateLog } from './update-log';
import type { Views } from './views';
import { mentionEntities, mentionsUsername, newLogicalMessage } from './written-message';

/**
 * Everything that changes chats: posting, editing, deleting, reacting, reading, typing. Each
 * operation updates every participant's mailbox (ids, pts, read marks) and pushes each of them
 * the updates Telegram would, except to the auth key that asked (it gets them in its answer).
 */

/** Pushes updates to a user's connected sessions, skipping one auth key (the caller's). */
export type Deliver = (userId: bigint, updates: Api.TypeUpdates, exceptAuthKey: string | null) => void;

export interface DialogSummary {
  topMessage: number;
  readInboxMaxId: number;
  readOutboxMaxId: number;
  unreadCount: number;
  unreadMentionsCount: number;
  unreadReactionsCount: number;
  unreadMark: boolean;
}

export interface TypingRecord {
  readonly fromId: bigint;
  /** The chat as the typist sees it: a user, a basic group or a channel. */
  readonly to: PeerRef | { readonly kind: 'channel'; readonly id: bigint };
  /** The SendMessageAction class, e.g. "SendMessageTypingAction". */
  readonly action: string;
}

/** The updates an operation produced for one user, and the messages they concern (for entities). */
export interface UserUpdates {
  readonly updates: Api.TypeUpdate[];
  readonly copies: MessageCopy[];
}

export type UpdatesByUser = Map<bigint, UserUpdates>;

export interface PostInput {
  senderId: bigint;
  /** The chat as the sender sees it: the other user (or the sender, for Saved Messages), or the group. */
  to: PeerRef;
  text: string;
  /** Formatting; when absent, @username mentions in `text` get mention entities, as apps send. */
  entities?: Api.TypeMessageEntity[];
  media?: MediaRecord | null;
  /** A message id in the sender's mailbox. */
  replyToId?: number | null;
  randomId?: bigint | null;
  /** Group members to flag as mentioned, besides @username mentions and replies to them. */
  mentions?: readonly bigint[];
}

export interface DeliveryOptions {
  /** The auth key whose request caused this; it learns from its answer instead. */
  exceptAuthKey?: string | null;
  /** Push text messages as updateShortMessage/updateShortChatMessage, as Telegram often does. */
  short?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

export class Messaging {
  /** Every chat action so far, oldest first. */
  readonly #typingLog: TypingRecord[];
  readonly #store: Store;
  readonly #views: Views;
  readonly #deliver: Deliver;
  readonly #log: UpdateLog;

  /** `typingLog` is shared with the channels' posts, so one log holds every chat's actions. */
  constructor(store: Store, views: Views, deliver: Deliver, log: UpdateLog, typingLog: TypingRecord[]) {
    this.#typingLog = typingLog;
    this.#store = store;
    this.#views = views;
    this.#deliver = deliver;
    this.#log = log;
  }

  /** Posts a message and returns the sender's copy; a repeated random_id returns the first one's. */
  post(input: PostInput, options: DeliveryOptions = {}): MessageCopy {
    const store = this.#store;
    const randomKey = input.randomId == null ? null : `${input.senderId}|${input.randomId}`;
    const earlier = randomKey === null ? undefined : store.randomIds.get(randomKey);
    if (earlier) {
      const copy = earlier.copies.get(input.senderId);
      if (!copy) throw badRequest('RANDOM_ID_DUPLICATE');
      return copy;
    }
    const owners = this.#recipients(input.senderId, input.to);
    const replyTarget =
      input.replyToId == null ? undefined : store.mailbox(input.senderId).messages.get(input.replyToId);
    if (input.replyToId != null && (!replyTarget || !samePeer(replyTarget.peer, input.to))) {
      throw badRequest('REPLY_TO_INVALID');
    }
    const logical = newLogicalMessage(store, input);
    if (randomKey !== null) store.randomIds.set(randomKey, logical);
    const byUser: UpdatesByUser = new Map();
    for (const ownerId of owners) {
      const box = store.mailbox(ownerId);
      const peer = this.#peerFor(ownerId, input.senderId, input.to);
      const mentioned =
        peer.kind === 'chat' &&
        ownerId !== input.senderId &&
        (input.mentions?.includes(ownerId) ||
          mentionsUsername(input.text, store.user(ownerId)?.username ?? null) ||
          replyTarget?.logical.senderId === ownerId);
      const copy: MessageCopy = {
        id: ++box.lastMessageId,
        ownerId,
        peer,
        logical,
        out: ownerId === input.senderId,
        mentioned: Boolean(mentioned),
        mentionUnread: Boolean(mentioned),
        replyToId: replyTarget ? (replyTarget.logical.copies.get(ownerId)?.id ?? null) : null,
      };
      box.messages.set(copy.id, copy);
      logical.copies.set(ownerId, copy);
      store.dialog(ownerId, peer);
      box.pts += 1;
      byUser.set(ownerId, {
        updates: [
          new Api.UpdateNewMessage({ message: this.#views.message(copy), pts: box.pts, ptsCount: 1 }),
        ],
        copies: [copy],
      });
      if (options.short && !logical.media) this.#pushShort(copy, box.pts, options.exceptAuthKey ?? null);
    }
    if (!options.short || logical.media) this.#fanOut(byUser, options.exceptAuthKey ?? null);
    else for (const [userId, { updates, copies }] of byUser) this.#log.record(userId, updates, copies);
    const copy = logical.copies.get(input.senderId);
    if (!copy) throw new Error('the sender holds no copy of its own message');
    return copy;
  }

  edit(
    logical: LogicalMessage,
    text: string,
    entities: Api.TypeMessageEntity[] | undefined,
    except: string | null,
  ): UpdatesByUser {
    logical.text = text;
    logical.entities = entities ?? mentionEntities(text);
    logical.editDate = now();
    const byUser: UpdatesByUser = new Map();
    for (const copy of logical.copies.values()) {
      const box = this.#store.mailbox(copy.ownerId);
      box.pts += 1;
      byUser.set(copy.ownerId, {
        updates: [
          new Api.UpdateEditMessage({ message: this.#views.message(copy), pts: box.pts, ptsCount: 1 }),
        ],
        copies: [copy],
      });
    }
    return this.#fanOut(byUser, except);
  }

  /** Deletes copies; `revoke` deletes every copy of those messages, for everyone. */
  delete(copies: readonly MessageCopy[], revoke: boolean, except: string | null): UpdatesByUser {
    const doomed = new Set<MessageCopy>();
    for (const copy of copies) {
      if (revoke) for (const other of copy.logical.copies.values()) doomed.add(other);
      else doomed.add(copy);
    }
    const idsByOwner = new Map<bigint, number[]>();
    for (const copy of doomed) {
      this.#store.mailbox(copy.ownerId).messages.delete(copy.id);
      copy.logical.copies.delete(copy.ownerId);
      idsByOwner.set(copy.ownerId, [...(idsByOwner.get(copy.ownerId) ?? []), copy.id]);
    }
    const byUser: UpdatesByUser = new Map();
    for (const [ownerId, ids] of idsByOwner) {
      const box = this.#store.mailbox(ownerId);
      box.pts += ids.length;
      byUser.set(ownerId, {
        updates: [new Api.UpdateDeleteMessages({ messages: ids, pts: box.pts, ptsCount: ids.length })],
        copies: [],
      });
    }
    return this.#fanOut(byUser, except);
  }

  /** Clears a chat for its owner (and, with `revoke`, the partner's copies of a private chat). */
  deleteHistory(
    ownerId: bigint,
    peer: PeerRef,
    options: { maxId: number; justClear: boolean; revoke: boolean },
    except: string | null,
  ): { pts: number; ptsCount: number } {
    const copies = this.#store
      .copiesIn(ownerId, peer)
      .filter((copy) => options.maxId <= 0 || copy.id <= options.maxId);
    this.delete(copies, options.revoke && peer.kind === 'user', except);
    if (!options.justClear && peer.kind === 'user') {
      this.#store.mailbox(ownerId).dialogs.delete(peerKey(peer));
    }
    return { pts: this.#store.mailbox(ownerId).pts, ptsCount: copies.length };
  }

  /** Sets a user's reactions on a message (none removes them). */
  react(
    reactorId: bigint,
    logical: LogicalMessage,
    emojis: readonly string[],
    except: string | null,
  ): UpdatesByUser {
    const kept = logical.reactions.filter((reaction) => reaction.userId !== reactorId);
    const added: ReactionRecord[] = emojis.map((emoji) => ({
      userId: reactorId,
      emoji,
      date: now(),
      unread: reactorId !== logical.senderId,
    }));
    logical.reactions = [...kept, ...added];
    const byUser: UpdatesByUser = new Map();
    for (const copy of logical.copies.values()) {
      byUser.set(copy.ownerId, {
        updates: [
          new Api.UpdateMessageReactions({
            peer: this.#views.peer(copy.peer),
            msgId: copy.id,
            reactions: this.#views.reactions(copy.logical, copy.ownerId),
          }),
        ],
        copies: [copy],
      });
    }
    return this.#fanOut(byUser, except);
  }

  /** Moves the owner's read mark and tells the senders whose messages became read. */
  readHistory(ownerId: bigint, peer: PeerRef, maxId: number, except: string | null): { pts: number } {
    const dialog = this.#store.dialog(ownerId, peer);
    const copies = this.#store.copiesIn(ownerId, peer);
    const others = this.#store.participants(ownerId, peer).filter((id) => id !== ownerId);
    const before = new Map(
      others.map((id) => [id, this.readOutboxMaxId(id, this.#peerFor(id, ownerId, peer))]),
    );
    const newest = copies.at(-1)?.id ?? 0;
    dialog.readInboxMaxId = Math.max(dialog.readInboxMaxId, maxId <= 0 ? newest : Math.min(maxId, newest));
    dialog.unreadMark = false;
    const box = this.#store.mailbox(ownerId);
    box.pts += 1;
    const inbox = new Api.UpdateReadHistoryInbox({
      peer: this.#views.peer(peer),
      maxId: dialog.readInboxMaxId,
      stillUnreadCount: this.unreadCount(ownerId, dialog),
      pts: box.pts,
      ptsCount: 1,
    });
    const byUser: UpdatesByUser = new Map([[ownerId, { updates: [inbox], copies: [] }]]);
    for (const otherId of others) {
      const otherPeer = this.#peerFor(otherId, ownerId, peer);
      const after = this.readOutboxMaxId(otherId, otherPeer);
      if (after <= (before.get(otherId) ?? 0)) continue;
      const otherBox = this.#store.mailbox(otherId);
      otherBox.pts += 1;
      const outbox = new Api.UpdateReadHistoryOutbox({
        peer: this.#views.peer(otherPeer),
        maxId: after,
        pts: otherBox.pts,
        ptsCount: 1,
      });
      byUser.set(otherId, { updates: [outbox], copies: [] });
    }
    this.#fanOut(byUser, except);
    return { pts: box.pts };
  }

  readMentions(ownerId: bigint, peer: PeerRef): { pts: number; ptsCount: number } {
    const unread = this.#store.copiesIn(ownerId, peer).filter((copy) => copy.mentionUnread);
    for (const copy of unread) copy.mentionUnread = false;
    const box = this.#store.mailbox(ownerId);
    if (unread.length > 0) box.pts += 1;
    return { pts: box.pts, ptsCount: unread.length > 0 ? 1 : 0 };
  }

  readReactions(ownerId: bigint, peer: PeerRef): { pts: number; ptsCount: number } {
    for (const copy of this.#store.copiesIn(ownerId, peer)) {
      if (copy.out) for (const reaction of copy.logical.reactions) reaction.unread = false;
    }
    return { pts: this.#store.mailbox(ownerId).pts, ptsCount: 0 };
  }

  markUnread(ownerId: bigint, peer: PeerRef, unread: boolean, except: string | null): void {
    this.#store.dialog(ownerId, peer).unreadMark = unread;
    const update = new Api.UpdateDialogUnreadMark({
      unread,
      peer: new Api.DialogPeer({ peer: this.#views.peer(peer) }),
    });
    this.#fanOut(new Map([[ownerId, { updates: [update], copies: [] }]]), except);
  }

  /** "typing…" (or another chat action) from a user, shown to the others in the chat. */
  typing(fromId: bigint, to: PeerRef, action: Api.TypeSendMessageAction): void {
    this.#typingLog.push({ fromId, to, action: action.className });
    for (const ownerId of this.#recipients(fromId, to)) {
      if (ownerId === fromId) continue;
      const update =
        to.kind === 'user'
          ? new Api.UpdateUserTyping({ userId: toTlLong(fromId), action })
          : new Api.UpdateChatUserTyping({
              chatId: toTlLong(to.id),
              fromId: new Api.PeerUser({ userId: toTlLong(fromId) }),
              action,
            });
      this.#deliver(ownerId, new Api.UpdateShort({ update, date: now() }), null);
    }
  }

  /** A dialog's counters as the owner's client would see them in messages.getDialogs. */
  dialogSummary(ownerId: bigint, dialog: DialogRecord): DialogSummary {
    const copies = this.#store.copiesIn(ownerId, dialog.peer);
    return {
      topMessage: copies.at(-1)?.id ?? 0,
      readInboxMaxId: dialog.readInboxMaxId,
      readOutboxMaxId: this.readOutboxMaxId(ownerId, dialog.peer),
      unreadCount: this.unreadCount(ownerId, dialog),
      unreadMentionsCount: copies.filter((copy) => copy.mentionUnread).length,
      unreadReactionsCount: copies.filter((copy) => copy.out && copy.logical.reactions.some((r) => r.unread))
        .length,
      unreadMark: dialog.unreadMark,
    };
  }

  unreadCount(ownerId: bigint, dialog: DialogRecord): number {
    return this.#store
      .copiesIn(ownerId, dialog.peer)
      .filter((copy) => !copy.out && copy.id > dialog.readInboxMaxId).length;
  }

  /** The newest of the owner's sent messages that someone else in the chat has read. */
  readOutboxMaxId(ownerId: bigint, peer: PeerRef): number {
    let max = 0;
    for (const copy of this.#store.copiesIn(ownerId, peer)) {
      if (!copy.out) continue;
      for (const other of copy.logical.copies.values()) {
        if (other.ownerId === ownerId) continue;
        const read = other.id <= this.#store.dialog(other.ownerId, other.peer).readInboxMaxId;
        if (read) max = Math.max(max, copy.id);
      }
    }
    return max;
  }

  #recipients(senderId: bigint, to: PeerRef): bigint[] {
    const store = this.#store;
    if (to.kind === 'chat') {
      const chat = store.chats.get(to.id);
      if (!chat) throw badRequest('CHAT_ID_INVALID');
      if (!chat.memberIds.includes(senderId)) throw forbidden('CHAT_WRITE_FORBIDDEN');
      return [...chat.memberIds];
    }
    if (!store.user(to.id)) throw badRequest('PEER_ID_INVALID');
    if (to.id === senderId) return [senderId];
    if (store.isBlocked(senderId, to.id)) throw badRequest('YOU_BLOCKED_USER');
    // Telegram accepts a message to someone who blocked the sender but never delivers it.
    return store.isBlocked(to.id, senderId) ? [senderId] : [senderId, to.id];
  }

  /** How a chat that `actorId` sees as `actorPeer` looks from `ownerId`'s side. */
  #peerFor(ownerId: bigint, actorId: bigint, actorPeer: PeerRef): PeerRef {
    if (actorPeer.kind === 'chat' || ownerId === actorId) return actorPeer;
    return { kind: 'user', id: actorId };
  }

  #pushShort(copy: MessageCopy, pts: number, except: string | null): void {
    const { logical } = copy;
    const common = {
      out: copy.out,
      mentioned: copy.mentioned,
      mediaUnread: copy.mentionUnread,
      id: copy.id,
      message: logical.text,
      pts,
      ptsCount: 1,
      date: logical.date,
      replyTo:
        copy.replyToId === null ? undefined : new Api.MessageReplyHeader({ replyToMsgId: copy.replyToId }),
      entities: logical.entities.length > 0 ? logical.entities : undefined,
    };
    const updates =
      copy.peer.kind === 'user'
        ? new Api.UpdateShortMessage({ ...common, userId: toTlLong(copy.peer.id) })
        : new Api.UpdateShortChatMessage({
            ...common,
            fromId: toTlLong(logical.senderId),
            chatId: toTlLong(copy.peer.id),
          });
    this.#deliver(copy.ownerId, updates, except);
  }

  #fanOut(byUser: UpdatesByUser, except: string | null): UpdatesByUser {
    for (const [userId, { updates, copies }] of byUser) {
      this.#log.record(userId, updates, copies);
      const updatesObject = new Api.Updates({
        updates,
        ...this.#views.entitiesOf(copies, userId),
        date: now(),
        seq: 0,
      });
      this.#deliver(userId, updatesObject, except);
    }
    return byUser;
  }
}
