import { Api } from 'telegram';
import { toTlLong } from './big-numbers';
import type {
  ChatRecord,
  DocumentRecord,
  LogicalMessage,
  MediaRecord,
  MessageCopy,
  PeerRef,
  PhotoRecord,
  StickerSetRecord,
  Store,
  UserRecord,
} from './store';

/**
 * Store records as the `Api.*` objects a given user would receive: `self`, `contact`, the phone
 * number, `out` and a reaction's `my`/`unread` all depend on who is looking.
 */
export class Views {
  readonly #store: Store;
  readonly #dcId: number;

  /** `dcId` is where files live: GramJS downloads a document from the DC it names. */
  constructor(store: Store, dcId: number) {
    this.#store = store;
    this.#dcId = dcId;
  }

  user(user: UserRecord, viewerId: bigint): Api.User {
    const self = user.id === viewerId;
    const contact = this.#store.isContact(viewerId, user.id);
    return new Api.User({
      id: toTlLong(user.id),
      accessHash: toTlLong(user.accessHash),
      self,
      contact,
      mutualContact: contact && this.#store.isContact(user.id, viewerId),
      premium: user.premium,
      firstName: user.firstName,
      lastName: user.lastName ?? undefined,
      username: user.username ?? undefined,
      phone: self || contact ? user.phone : undefined,
      status: new Api.UserStatusRecently({}),
      ...(user.photoId !== undefined && this.#store.photos.has(user.photoId)
        ? { photo: new Api.UserProfilePhoto({ photoId: toTlLong(user.photoId), dcId: this.#dcId }) }
        : {}),
    });
  }

  userById(id: bigint, viewerId: bigint): Api.TypeUser {
    const user = this.#store.user(id);
    return user ? this.user(user, viewerId) : new Api.UserEmpty({ id: toTlLong(id) });
  }

  chat(chat: ChatRecord, viewerId: bigint): Api.Chat {
    return new Api.Chat({
      id: toTlLong(chat.id),
      title: chat.title,
      photo: new Api.ChatPhotoEmpty(),
      participantsCount: chat.memberIds.length,
      date: chat.date,
      version: 1,
      creator: chat.creatorId === viewerId,
      left: !chat.memberIds.includes(viewerId),
    });
  }

  peer(peer: PeerRef): Api.TypePeer {
    return peer.kind === 'user'
      ? new Api.PeerUser({ userId: toTlLong(peer.id) })
      : new Api.PeerChat({ chatId: toTlLong(peer.id) });
  }

  message(copy: MessageCopy): Api.Message {
    const { logical } = copy;
    return new Api.Message({
      id: copy.id,
      peerId: this.peer(copy.peer),
      fromId: new Api.PeerUser({ userId: toTlLong(logical.senderId) }),
      out: copy.out,
      mentioned: copy.mentioned,
      mediaUnread: copy.mentionUnread,
      date: logical.date,
      message: logical.text,
      entities: logical.entities.length > 0 ? logical.entities : undefined,
      media: logical.media ? this.media(logical.media) : undefined,
      replyTo:
        copy.replyToId === null ? undefined : new Api.MessageReplyHeader({ replyToMsgId: copy.replyToId }),
      editDate: logical.editDate ?? undefined,
      reactions: logical.reactions.length > 0 ? this.reactions(logical, copy.ownerId) : undefined,
    });
  }

  /** A message's reactions as `viewerId` sees them: which are theirs, and which its author has not seen. */
  reactions(logical: LogicalMessage, viewerId: bigint): Api.MessageReactions {
    const out = logical.senderId === viewerId;
    const counts = new Map<string, number>();
    for (const reaction of logical.reactions)
      counts.set(reaction.emoji, (counts.get(reaction.emoji) ?? 0) + 1);
    const mine = logical.reactions.filter((reaction) => reaction.userId === viewerId).map((r) => r.emoji);
    return new Api.MessageReactions({
      canSeeList: true,
      results: [...counts].map(
        ([emoji, count]) =>
          new Api.ReactionCount({
            reaction: new Api.ReactionEmoji({ emoticon: emoji }),
            count,
            chosenOrder: mine.includes(emoji) ? mine.indexOf(emoji) : undefined,
          }),
      ),
      recentReactions: logical.reactions.map(
        (reaction) =>
          new Api.MessagePeerReaction({
            peerId: new Api.PeerUser({ userId: toTlLong(reaction.userId) }),
            date: reaction.date,
            reaction: new Api.ReactionEmoji({ emoticon: reaction.emoji }),
            my: reaction.userId === viewerId,
            unread: reaction.unread && out,
          }),
      ),
    });
  }

  media(media: MediaRecord): Api.TypeMessageMedia {
    return media.kind === 'document'
      ? new Api.MessageMediaDocument({ document: this.document(media) })
      : new Api.MessageMediaPhoto({ photo: this.photo(media) });
  }

  document(document: DocumentRecord): Api.Document {
    return new Api.Document({
      id: toTlLong(document.id),
      accessHash: toTlLong(document.accessHash),
      fileReference: document.fileReference,
      date: document.date,
      mimeType: document.mimeType,
      size: toTlLong(BigInt(document.bytes.length)),
      dcId: this.#dcId,
      attributes: document.attributes,
      // Telegram marks a premium sticker by its full-screen effect animation, a video thumb of type "f".
      videoThumbs: document.premium
        ? [new Api.VideoSize({ type: 'f', w: 512, h: 512, size: document.bytes.length })]
        : undefined,
    });
  }

  photo(photo: PhotoRecord): Api.Photo {
    return new Api.Photo({
      id: toTlLong(photo.id),
      accessHash: toTlLong(photo.accessHash),
      fileReference: photo.fileReference,
      date: photo.date,
      sizes: [new Api.PhotoSize({ type: 'x', w: photo.width, h: photo.height, size: photo.bytes.length })],
      dcId: this.#dcId,
    });
  }

  stickerSet(set: StickerSetRecord, viewerId: bigint): Api.StickerSet {
    return new Api.StickerSet({
      id: toTlLong(set.id),
      accessHash: toTlLong(set.accessHash),
      title: set.title,
      shortName: set.shortName,
      count: set.stickers.length,
      hash: 0,
      installedDate: set.installedBy.has(viewerId) ? 1 : undefined,
    });
  }

  notifySettings(ownerId: bigint, peer: PeerRef): Api.PeerNotifySettings {
    const settings = this.#store.notifySettings(ownerId, peer);
    return new Api.PeerNotifySettings({
      muteUntil: settings.muteUntil,
      silent: settings.silent,
      showPreviews: settings.showPreviews,
    });
  }

  /** The users and chats a client needs to make sense of these copies (and of `also`). */
  entitiesOf(
    copies: readonly MessageCopy[],
    viewerId: bigint,
    also: readonly PeerRef[] = [],
  ): { users: Api.TypeUser[]; chats: Api.TypeChat[] } {
    const userIds = [viewerId];
    const chatIds: bigint[] = [];
    const add = (peer: PeerRef) => (peer.kind === 'user' ? userIds : chatIds).push(peer.id);
    for (const copy of copies) {
      userIds.push(copy.logical.senderId);
      add(copy.peer);
      for (const reaction of copy.logical.reactions) userIds.push(reaction.userId);
    }
    for (const peer of also) add(peer);
    return this.entities(userIds, chatIds, viewerId);
  }

  entities(
    userIds: readonly bigint[],
    chatIds: readonly bigint[],
    viewerId: bigint,
  ): { users: Api.TypeUser[]; chats: Api.TypeChat[] } {
    const users = [...new Set(userIds)].map((id) => this.userById(id, viewerId));
    const chats: Api.TypeChat[] = [];
    for (const id of new Set(chatIds)) {
      const chat = this.#store.chats.get(id);
      if (chat) chats.push(this.chat(chat, viewerId));
    }
    return { users, chats };
  }
}
