import { Api, helpers, utils } from 'telegram';
import type { Clock } from '../../clock';
import type { Logger } from '../../logging';
import { MessagingError } from '../../messaging/port';
import { RECONNECT_WAIT_SECONDS, type TelegramAccount } from '../accounts';
import { type KnownPeer, peerFromMarkedId } from '../mapping';
import { Blocklist } from './blocklist';
import { BoundedMap } from './bounded-map';
import { CustomEmojiLibrary } from './custom-emoji-library';
import { EntityDirectory } from './entity-directory';
import { ExpiringCache } from './expiring-cache';
import { MessageMemory } from './message-memory';
import { SavedMessages } from './saved-messages';
import { StickerLibrary } from './sticker-library';

/** How long a chat's notification settings count as current. */
export const MUTE_TTL_MS = 60_000;
/**
 * How long a fetched contact list counts as current: within it, an id the list did not name is
 * not looked up again (people add contacts from the phone too, so not for longer).
 */
export const CONTACTS_TTL_MS = 60_000;
/** How many idempotency keys of recent sends an account remembers. */
const SENT_KEYS_CAPACITY = 10_000;

/**
 * What the port keeps per connected account (one TelegramAccount object is one session): its
 * caches, message memory, recent sends, and the queue that keeps its inbound updates in order.
 */
/** A chat id the account cannot reach: not a chat id at all, or a peer it has never seen. */
export class UnknownChatError extends MessagingError {
  constructor(message: string, cause?: unknown) {
    super(message, { retryable: false, ...(cause === undefined ? {} : { cause }) });
    this.name = 'UnknownChatError';
  }
}

export class AccountContext {
  readonly account: TelegramAccount;
  readonly entities: EntityDirectory;
  readonly memory = new MessageMemory();
  /** idempotency key -> message id of the sends made in this session. */
  readonly sentKeys = new BoundedMap<string, number>(SENT_KEYS_CAPACITY);
  /** The stickers and media the operator saved for the agent to send. */
  readonly savedMessages: SavedMessages;
  readonly stickers: StickerLibrary;
  readonly customEmoji: CustomEmojiLibrary;
  readonly blocklist: Blocklist;
  readonly notifySettings: ExpiringCache<number, Api.TypePeerNotifySettings>;
  /** The last contacts.getContacts (in flight or done), so unknown ids do not refetch it. */
  readonly #contacts: ExpiringCache<'contacts', Promise<void>>;
  /** Inbound updates are mapped one after another, so events keep Telegram's order. */
  inbound: Promise<void> = Promise.resolve();

  constructor(account: TelegramAccount, clock: Clock, logger: Logger) {
    this.account = account;
    this.entities = new EntityDirectory(clock);
    this.savedMessages = new SavedMessages(account, clock);
    this.stickers = new StickerLibrary(account, this.savedMessages, logger);
    this.customEmoji = new CustomEmojiLibrary(account, logger);
    this.blocklist = new Blocklist(account, clock);
    this.notifySettings = new ExpiringCache(clock, MUTE_TTL_MS);
    this.#contacts = new ExpiringCache(clock, CONTACTS_TTL_MS);
  }

  /**
   * Forgets what holds file references (Saved Messages as read, the sticker sets fetched), so
   * the next lookup reads them afresh, with references Telegram accepts again.
   */
  renewFileReferences(): void {
    this.savedMessages.forget();
    this.stickers.forgetSets();
  }

  /** The agent's own marked user id. */
  get selfId(): number {
    const user = this.account.user;
    if (!user)
      throw new MessagingError(`${this.account.configName} is not connected to Telegram yet.`, {
        retryable: true,
        retryAfterSeconds: RECONNECT_WAIT_SECONDS,
      });
    return user.id;
  }

  get premium(): boolean {
    return this.account.user?.premium ?? false;
  }

  /** Learns the users and chats an answer or update came with. */
  remember(answer: { users?: readonly Api.TypeUser[]; chats?: readonly Api.TypeChat[] }): void {
    this.entities.remember([...(answer.users ?? []), ...(answer.chats ?? [])] as KnownPeer[]);
  }

  /**
   * The input peer of a chat: the agent itself, a basic group (needs no access hash), or a user
   * or channel seen before; else, for a user only, the contacts are fetched (at most once per
   * CONTACTS_TTL_MS), since a new direct chat is usually with a contact. An id that is no peer
   * (0) is refused without asking Telegram.
   */
  async inputPeer(channelId: number): Promise<Api.TypeInputPeer> {
    const peer = validPeer(channelId);
    if (channelId === this.selfId) return new Api.InputPeerSelf();
    if (peer instanceof Api.PeerChat) return new Api.InputPeerChat({ chatId: peer.chatId });
    const known = this.entities.inputPeer(channelId);
    if (known) return known;
    if (peer instanceof Api.PeerUser) {
      await this.#loadContacts();
      const found = this.entities.inputPeer(channelId);
      if (found) return found;
    }
    throw new UnknownChatError(`${this.account.configName} does not know the chat ${channelId}.`);
  }

  async inputUser(userId: number): Promise<Api.TypeInputUser> {
    return utils.getInputUser(await this.inputPeer(userId));
  }

  #loadContacts(): Promise<void> {
    const known = this.#contacts.get('contacts');
    if (known) return known;
    const loading = this.account
      .invoke(new Api.contacts.GetContacts({ hash: helpers.returnBigInt(0) }))
      .then((contacts) => {
        if (contacts instanceof Api.contacts.Contacts) this.remember(contacts);
      });
    this.#contacts.set('contacts', loading);
    // A failed fetch is not kept: the next unknown id tries again.
    loading.catch(() => {
      if (this.#contacts.get('contacts') === loading) this.#contacts.delete('contacts');
    });
    return loading;
  }
}

/** The peer a marked id stands for; an id that stands for none is a caller's mistake. */
export function validPeer(channelId: number): Api.PeerUser | Api.PeerChat | Api.PeerChannel {
  try {
    return peerFromMarkedId(channelId);
  } catch (error) {
    throw new UnknownChatError(`${channelId} is not a Telegram chat id.`, error);
  }
}
