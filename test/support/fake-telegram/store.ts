import { randomBytes } from 'node:crypto';
import type { Api } from 'telegram';
import { randomLong } from './big-numbers';
import type { SrpVerifier } from './srp';

/**
 * The in-memory Telegram's data, without any protocol. Private chats and basic groups work as on
 * Telegram: every user owns a mailbox with its own message ids and pts counter, and a message
 * has one copy in the mailbox of each participant (so the sender's id for a message differs
 * from the recipient's, and updateDeleteMessages names ids without a chat).
 */

export type PeerRef =
  | { readonly kind: 'user'; readonly id: bigint }
  | { readonly kind: 'chat'; readonly id: bigint };

export function peerKey(peer: PeerRef): string {
  return `${peer.kind}:${peer.id}`;
}

export function samePeer(a: PeerRef, b: PeerRef): boolean {
  return a.kind === b.kind && a.id === b.id;
}

export interface UserRecord {
  readonly id: bigint;
  readonly accessHash: bigint;
  /** Digits only, as Telegram stores it. */
  readonly phone: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  premium: boolean;
  about: string | null;
  password: SrpVerifier | null;
  /** The id of the profile photo (a photo of the store), when the user set one. */
  photoId?: bigint;
}

export interface ChatRecord {
  readonly id: bigint;
  title: string;
  readonly creatorId: bigint;
  readonly memberIds: bigint[];
  readonly date: number;
}

export interface DocumentRecord {
  readonly kind: 'document';
  readonly id: bigint;
  readonly accessHash: bigint;
  /** Changes when Telegram expires it (expireFileReferences): calls with the old one then fail. */
  fileReference: Buffer;
  readonly date: number;
  readonly mimeType: string;
  readonly bytes: Buffer;
  readonly attributes: Api.TypeDocumentAttribute[];
  /** A premium sticker: shown to everyone, sendable only by Premium accounts. */
  readonly premium: boolean;
}

export interface PhotoRecord {
  readonly kind: 'photo';
  readonly id: bigint;
  readonly accessHash: bigint;
  fileReference: Buffer;
  readonly date: number;
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

export type MediaRecord = DocumentRecord | PhotoRecord;

export interface StickerSetRecord {
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly shortName: string;
  readonly title: string;
  readonly stickers: { readonly emoji: string; readonly document: DocumentRecord }[];
  readonly installedBy: Set<bigint>;
}

export interface ReactionRecord {
  readonly userId: bigint;
  readonly emoji: string;
  readonly date: number;
  /** Not yet seen by the message's author. */
  unread: boolean;
}

/** What every copy of a message shares. */
export interface LogicalMessage {
  readonly key: number;
  readonly senderId: bigint;
  readonly date: number;
  text: string;
  entities: Api.TypeMessageEntity[];
  media: MediaRecord | null;
  editDate: number | null;
  reactions: ReactionRecord[];
  /** Copies by owner. */
  readonly copies: Map<bigint, MessageCopy>;
}

/** A message as it sits in one user's mailbox. */
export interface MessageCopy {
  readonly id: number;
  readonly ownerId: bigint;
  /** The chat from the owner's side: the other user, or the group. */
  readonly peer: PeerRef;
  readonly logical: LogicalMessage;
  readonly out: boolean;
  readonly mentioned: boolean;
  /** An unread mention (Telegram's media_unread flag on a mentioning message). */
  mentionUnread: boolean;
  readonly replyToId: number | null;
}

export interface DialogRecord {
  readonly peer: PeerRef;
  readInboxMaxId: number;
  unreadMark: boolean;
}

export interface Mailbox {
  readonly ownerId: bigint;
  pts: number;
  lastMessageId: number;
  readonly messages: Map<number, MessageCopy>;
  readonly dialogs: Map<string, DialogRecord>;
}

export interface NotifyRecord {
  muteUntil: number;
  silent: boolean;
  showPreviews: boolean;
}

export interface AuthKeyRecord {
  readonly id: string;
  readonly key: Buffer;
  readonly serverSalt: Buffer;
  userId: bigint | null;
}

export class Store {
  readonly users = new Map<bigint, UserRecord>();
  readonly chats = new Map<bigint, ChatRecord>();
  readonly mailboxes = new Map<bigint, Mailbox>();
  readonly documents = new Map<bigint, DocumentRecord>();
  readonly photos = new Map<bigint, PhotoRecord>();
  /** Parts of files being uploaded (upload.saveFilePart), by the client's file id. */
  readonly uploads = new Map<string, Buffer[]>();
  readonly stickerSets = new Map<bigint, StickerSetRecord>();
  readonly authKeys = new Map<string, AuthKeyRecord>();
  /** owner -> blocked user -> date */
  readonly blocked = new Map<bigint, Map<bigint, number>>();
  /** owner -> contacts */
  readonly contacts = new Map<bigint, Set<bigint>>();
  /** `${owner}|${peerKey}` -> settings */
  readonly notify = new Map<string, NotifyRecord>();
  /** `${sender}|${randomId}` -> message, so a resend with the same random_id is recognised */
  readonly randomIds = new Map<string, LogicalMessage>();
  #nextUserId = 100_000_001n;
  #nextChatId = 4_000_001n;
  #nextMessageKey = 1;

  newUserId(): bigint {
    return this.#nextUserId++;
  }

  newChatId(): bigint {
    return this.#nextChatId++;
  }

  newMessageKey(): number {
    return this.#nextMessageKey++;
  }

  newFileIdentity(): { id: bigint; accessHash: bigint; fileReference: Buffer } {
    return {
      id: randomLong() & 0x7fff_ffff_ffff_ffffn,
      accessHash: randomLong(),
      fileReference: randomBytes(8),
    };
  }

  user(id: bigint): UserRecord | undefined {
    return this.users.get(id);
  }

  userByPhone(phone: string): UserRecord | undefined {
    const digits = normalizePhone(phone);
    for (const user of this.users.values()) if (user.phone === digits) return user;
    return undefined;
  }

  userByUsername(username: string): UserRecord | undefined {
    const wanted = username.replace(/^@/, '').toLowerCase();
    for (const user of this.users.values()) if (user.username?.toLowerCase() === wanted) return user;
    return undefined;
  }

  mailbox(ownerId: bigint): Mailbox {
    let box = this.mailboxes.get(ownerId);
    if (!box) {
      box = { ownerId, pts: 1, lastMessageId: 0, messages: new Map(), dialogs: new Map() };
      this.mailboxes.set(ownerId, box);
    }
    return box;
  }

  dialog(ownerId: bigint, peer: PeerRef): DialogRecord {
    const box = this.mailbox(ownerId);
    const key = peerKey(peer);
    let dialog = box.dialogs.get(key);
    if (!dialog) {
      dialog = { peer, readInboxMaxId: 0, unreadMark: false };
      box.dialogs.set(key, dialog);
    }
    return dialog;
  }

  /** The owner's copies in one chat, oldest first. */
  copiesIn(ownerId: bigint, peer: PeerRef): MessageCopy[] {
    const copies: MessageCopy[] = [];
    for (const copy of this.mailbox(ownerId).messages.values())
      if (samePeer(copy.peer, peer)) copies.push(copy);
    return copies.sort((a, b) => a.id - b.id);
  }

  isBlocked(ownerId: bigint, userId: bigint): boolean {
    return this.blocked.get(ownerId)?.has(userId) ?? false;
  }

  setBlocked(ownerId: bigint, userId: bigint, blocked: boolean): void {
    const list = this.blocked.get(ownerId) ?? new Map<bigint, number>();
    if (blocked) list.set(userId, Math.floor(Date.now() / 1000));
    else list.delete(userId);
    this.blocked.set(ownerId, list);
  }

  isContact(ownerId: bigint, userId: bigint): boolean {
    return this.contacts.get(ownerId)?.has(userId) ?? false;
  }

  notifySettings(ownerId: bigint, peer: PeerRef): NotifyRecord {
    const key = `${ownerId}|${peerKey(peer)}`;
    let settings = this.notify.get(key);
    if (!settings) {
      settings = { muteUntil: 0, silent: false, showPreviews: true };
      this.notify.set(key, settings);
    }
    return settings;
  }

  /** The users who hold copies of messages in this chat: both sides, or the group's members. */
  participants(ownerId: bigint, peer: PeerRef): bigint[] {
    if (peer.kind === 'chat') return [...(this.chats.get(peer.id)?.memberIds ?? [])];
    return ownerId === peer.id ? [ownerId] : [ownerId, peer.id];
  }
}

export function normalizePhone(phone: string): string {
  return phone.replace(/\D/g, '');
}
