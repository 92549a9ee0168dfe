import { Api } from 'telegram';
import { fromTlLong, type TlLong } from './big-numbers';
import { badRequest } from './rpc-failure';
import type { MessageCopy, PeerRef, Store, UserRecord } from './store';

/**
 * Turns the `Input*` references a client sends into store records, checking access hashes and
 * membership the way Telegram does (PEER_ID_INVALID and friends). Inputs are typed `unknown`:
 * GramJS types request fields as the loose EntityLike its client accepts, but what arrives on the
 * wire is always a concrete Input* object.
 */
export class Inputs {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  peer(me: UserRecord, input: unknown): PeerRef {
    if (input instanceof Api.InputPeerSelf) return { kind: 'user', id: me.id };
    if (input instanceof Api.InputPeerUser)
      return { kind: 'user', id: this.#user(input.userId, input.accessHash).id };
    if (input instanceof Api.InputPeerUserFromMessage)
      return { kind: 'user', id: this.#known(input.userId).id };
    if (input instanceof Api.InputPeerChat) {
      const chat = this.#store.chats.get(fromTlLong(input.chatId));
      if (!chat?.memberIds.includes(me.id)) throw badRequest('PEER_ID_INVALID');
      return { kind: 'chat', id: chat.id };
    }
    if (input instanceof Api.InputPeerChannel) throw badRequest('CHANNEL_INVALID');
    throw badRequest('PEER_ID_INVALID');
  }

  user(me: UserRecord, input: unknown): UserRecord {
    if (input instanceof Api.InputUserSelf || input instanceof Api.InputPeerSelf) return me;
    if (input instanceof Api.InputUser || input instanceof Api.InputPeerUser) {
      return this.#user(input.userId, input.accessHash);
    }
    if (input instanceof Api.InputUserFromMessage || input instanceof Api.InputPeerUserFromMessage) {
      return this.#known(input.userId);
    }
    throw badRequest('USER_ID_INVALID');
  }

  /** A message in the caller's own mailbox. */
  message(me: UserRecord, peer: PeerRef, id: number): MessageCopy {
    const copy = this.#store.mailbox(me.id).messages.get(id);
    if (!copy || copy.peer.kind !== peer.kind || copy.peer.id !== peer.id)
      throw badRequest('MESSAGE_ID_INVALID');
    return copy;
  }

  #user(userId: TlLong, accessHash: TlLong): UserRecord {
    const user = this.#known(userId);
    if (fromTlLong(accessHash) !== user.accessHash) throw badRequest('PEER_ID_INVALID');
    return user;
  }

  #known(userId: TlLong): UserRecord {
    const user = this.#store.user(fromTlLong(userId));
    if (!user) throw badRequest('PEER_ID_INVALID');
    return user;
  }
}
