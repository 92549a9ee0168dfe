import type { Api } from 'telegram';
import type { FaultOptions } from './faults';
import type { DialogSummary, TypingRecord } from './messaging';
import type { FakeCall } from './rpc-router';

/**
 * What tests see of the fake Telegram (startFakeTelegram). User ids are bigints; message ids are
 * per mailbox, as on Telegram, so a message is named by a FakeMessageRef or by (owner, id).
 */

export interface StartFakeTelegramOptions {
  /** The DC the fake plays; 2 by default. */
  dcId?: number;
  /** Receives protocol problems and calls to unimplemented methods; console.warn by default. */
  log?: (line: string) => void;
  /** How long a QR login token stays valid; 30 seconds (Telegram's) by default. */
  qrTokenSeconds?: number;
}

export interface CreateUserOptions {
  /** Any format; Telegram keeps the digits. */
  phone: string;
  firstName: string;
  lastName?: string;
  username?: string;
  premium?: boolean;
  about?: string;
  /** Turns on 2FA: logins then need this password (checked with SRP, as Telegram does). */
  password?: string;
  passwordHint?: string;
}

export interface FakeUser {
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly phone: string;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly premium: boolean;
}

export interface FakeGroup {
  readonly id: bigint;
  readonly title: string;
  readonly creatorId: bigint;
  readonly memberIds: readonly bigint[];
}

export interface FakeFile {
  readonly kind: 'document' | 'photo';
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly fileReference: Buffer;
  readonly bytes: Buffer;
}

export interface FakeStickerSet {
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly shortName: string;
  readonly title: string;
  readonly stickers: readonly {
    readonly emoji: string;
    readonly premium: boolean;
    readonly document: FakeFile;
  }[];
}

/** A chat as its owner sees it: the other user's id, or a group. */
export type FakeChat = bigint | { readonly chatId: bigint };

/** A message, as returned by userSays/groupSays: one logical message with a copy per participant. */
export interface FakeMessageRef {
  readonly key: number;
  readonly senderId: bigint;
  /** The message's id in this user's mailbox (what that user's client sees). */
  idFor(userId: bigint): number;
}

/** A message named by the id its owner's client sees. */
export type FakeMessageTarget = FakeMessageRef | { readonly ownerId: bigint; readonly messageId: number };

export interface SayOptions {
  replyTo?: FakeMessageTarget;
  media?: FakeFile;
  /** Formatting entities; by default @username mentions get mention entities. */
  entities?: Api.TypeMessageEntity[];
  /** Group members to flag as mentioned (besides @username mentions and replies to them). */
  mentions?: readonly bigint[];
  /** Push as updateShortMessage / updateShortChatMessage instead of updates (text only). */
  short?: boolean;
}

/** One copy of a message, for assertions. */
export interface FakeMessageView {
  readonly id: number;
  readonly senderId: bigint;
  readonly out: boolean;
  readonly text: string;
  readonly date: number;
  readonly edited: boolean;
  readonly replyToId: number | null;
  readonly mediaId: bigint | null;
  readonly mentioned: boolean;
  readonly reactions: readonly { readonly userId: bigint; readonly emoji: string }[];
}

/** A supergroup or broadcast channel of the fake. */
export interface FakeChannel {
  readonly id: bigint;
  readonly accessHash: bigint;
  readonly title: string;
  readonly username: string | null;
  readonly broadcast: boolean;
}

/** What an invite link or a membership question names: a basic group or a channel. */
export type FakeMembershipTarget = { readonly chatId: bigint } | { readonly channelId: bigint };

/** A message of a supergroup or channel: one id, the same for every member. */
export interface FakeChannelMessageRef {
  readonly channelId: bigint;
  readonly messageId: number;
  readonly senderId: bigint;
}

export interface ChannelSayOptions extends Omit<SayOptions, 'replyTo' | 'short'> {
  replyTo?: Pick<FakeChannelMessageRef, 'channelId' | 'messageId'>;
}

/** Channels and invite links, and what members write in supergroups. */
export interface FakeChannelControls {
  /** A supergroup (a broadcast channel with `broadcast`); a username makes it public. */
  createChannel(options: {
    title: string;
    username?: string;
    broadcast?: boolean;
    about?: string;
    memberIds?: readonly bigint[];
    photo?: FakeFile;
  }): FakeChannel;
  /** A new invite link's hash, as in t.me/+hash. */
  createInviteLink(target: FakeMembershipTarget): string;
  /** The link then answers INVITE_HASH_EXPIRED. */
  expireInviteLink(hash: string): void;
  membersOf(target: FakeMembershipTarget): bigint[];
  channelMuteUntil(ownerId: bigint, channelId: bigint): number;

  /** A member writes in a supergroup; every member's sessions get it. */
  channelSays(
    fromUserId: bigint,
    channelId: bigint,
    text: string,
    options?: ChannelSayOptions,
  ): FakeChannelMessageRef;
  /** Its sender edits a channel message. */
  channelEdits(message: FakeChannelMessageRef, text: string): void;
  /** Deletes channel messages for everyone. */
  channelDeletes(messages: readonly FakeChannelMessageRef[]): void;
  /** Sets the member's reaction, or with null removes it. */
  channelReacts(userId: bigint, message: FakeChannelMessageRef, emoji: string | null): void;
  channelTypes(userId: bigint, channelId: bigint): void;
  /** The channel's messages as a member sees them, oldest first. */
  messagesInChannel(viewerId: bigint, channelId: bigint): FakeMessageView[];
  /** The newest message the member has read in the channel. */
  channelReadUpTo(userId: bigint, channelId: bigint): number;
  /** The channel's unread counters as the member's client sees them in its dialog. */
  channelUnread(userId: bigint, channelId: bigint): { messages: number; mentions: number; reactions: number };
  /** Forgets the channel's update log so far: a member behind it gets "difference too long". */
  forgetChannelUpdates(channelId: bigint): void;
}

export interface FakeTelegram extends FakeChannelControls {
  readonly host: string;
  readonly port: number;
  readonly dcId: number;
  /** The server's RSA public key, PKCS#1 PEM: what the product's test-server mode is given. */
  readonly rsaPublicKeyPem: string;
  readonly rsaFingerprint: bigint;
  /** Adds the fake's RSA key to GramJS's trusted server keys (process-wide, idempotent). */
  trustRsaKey(): void;

  createUser(options: CreateUserOptions): FakeUser;
  createGroup(options: { title: string; creatorId: bigint; memberIds: readonly bigint[] }): FakeGroup;
  addContact(ownerId: bigint, contactId: bigint): void;
  createDocument(options?: {
    bytes?: Buffer;
    mimeType?: string;
    fileName?: string;
    /** What the file is besides its name: DocumentAttributeVideo, DocumentAttributeAnimated, ... */
    attributes?: readonly Api.TypeDocumentAttribute[];
  }): FakeFile;
  createPhoto(options?: { bytes?: Buffer; width?: number; height?: number }): FakeFile;
  /** Makes a photo of the fake the user's profile photo (users.getFullUser names it). */
  setProfilePhoto(userId: bigint, photo: FakeFile): void;
  createStickerSet(options: {
    shortName: string;
    title?: string;
    stickers: readonly { emoji: string; bytes?: Buffer; premium?: boolean }[];
    /** Users who have it installed (messages.getAllStickers). */
    installedBy?: readonly bigint[];
  }): FakeStickerSet;
  /** A StringSession already logged in as the user: connectClient({ session }) skips DH and login. */
  createSession(userId: bigint): Promise<string>;

  userSays(fromUserId: bigint, toUserId: bigint, text: string, options?: SayOptions): FakeMessageRef;
  groupSays(fromUserId: bigint, chatId: bigint, text: string, options?: SayOptions): FakeMessageRef;
  userEdits(editorId: bigint, target: FakeMessageTarget, text: string): void;
  userDeletes(userId: bigint, targets: readonly FakeMessageTarget[], options?: { revoke?: boolean }): void;
  /** Sets the user's reaction, or with null removes it. */
  userReacts(userId: bigint, target: FakeMessageTarget, emoji: string | null): void;
  userTypes(userId: bigint, chat: FakeChat): void;
  /** The user reads the chat up to `maxId` in their mailbox (everything by default). */
  userReads(userId: bigint, chat: FakeChat, maxId?: number): void;
  setBlocked(ownerId: bigint, userId: bigint, blocked: boolean): void;
  setMuted(ownerId: bigint, chat: FakeChat, muteUntil: number): void;
  markUnread(ownerId: bigint, chat: FakeChat): void;

  /** The owner's copies of a private chat (Saved Messages when both ids are the same), oldest first. */
  messagesBetween(ownerId: bigint, otherUserId: bigint): FakeMessageView[];
  messagesInGroup(ownerId: bigint, chatId: bigint): FakeMessageView[];
  dialog(ownerId: bigint, chat: FakeChat): DialogSummary;
  isBlocked(ownerId: bigint, userId: bigint): boolean;
  muteUntil(ownerId: bigint, chat: FakeChat): number;
  /** Chat actions (typing…) sent so far, by clients and by userTypes. */
  readonly typingLog: readonly TypingRecord[];
  /** Every RPC call so far. */
  readonly calls: readonly FakeCall[];
  /** Live client sessions that receive updates, for one user or all. */
  sessionCount(userId?: bigint): number;
  /** TCP connections accepted so far. */
  readonly connectionsAccepted: number;
  /** Auth keys the server knows (made by DH key exchanges or createSession). */
  readonly authKeyCount: number;

  /** The login code last "sent to the app" for this phone. */
  lastCodeFor(phone: string): string | undefined;
  /** The code's sign-in then fails with PHONE_CODE_EXPIRED. */
  expireCode(phone: string): void;
  /** auth.sendCode and auth.signIn then fail with PHONE_NUMBER_BANNED. */
  banPhone(phone: string): void;
  /** The user's phone scans the QR code (token bytes, or base64url as in tg://login?token=). */
  scanQrLogin(token: Buffer | string, userId: bigint): void;
  /** The QR login token issued last, as the QR code on screen holds it. */
  lastQrToken(): Buffer | undefined;

  /** The next call(s) of `method` (e.g. "messages.sendMessage") fail with FLOOD_WAIT_<seconds>. */
  floodWait(method: string, seconds: number, options?: FaultOptions): void;
  /** The next send(s) fail with PEER_FLOOD (the account is limited). */
  peerFlood(options?: FaultOptions): void;
  /** The next call(s) of `method` fail with this rpc_error. */
  failNext(method: string, code: number, message: string, options?: FaultOptions): void;
  /** Ends planned failures and a stall. */
  clearFaults(): void;
  /**
   * The server goes silent, as a dead link would: connections stay open and new ones are
   * accepted, but no packet gets an answer until `clearFaults`.
   */
  stall(): void;
  /** Drops every connection; clients reconnect by themselves. */
  disconnectAll(): void;
  /**
   * Cuts the user off, as their network going down would: their connections drop and new ones
   * are dropped at their first request until `restore`. What happens meanwhile waits in their
   * update log (getDifference).
   */
  cutOff(userId: bigint): void;
  restore(userId: bigint): void;
  /** Forgets the user's update log so far: a client behind it gets "difference too long". */
  forgetUpdates(userId: bigint): void;
  /** Every file gets a new file reference: calls naming a file by an old one fail with FILE_REFERENCE_EXPIRED. */
  expireFileReferences(): void;
  /** Logs the user's sessions out: their next call gets 401 AUTH_KEY_UNREGISTERED. */
  revokeSession(userId: bigint): void;
  /** Runs `cleanup` (e.g. destroying a client) before the server closes. */
  onClose(cleanup: () => Promise<void>): void;
  close(): Promise<void>;
}
