import type { ChatQuery } from '../../shared/domain/chat-query';
import type { MediaKind } from '../../shared/domain/config';
import type { ChatInfo, ChatMsg, Reaction, StickerRef } from '../../shared/domain/conversation';

/**
 * What an agent needs from a chat network. Two implementations: the Simulator (in-process chats
 * for rehearsal and tests) and Telegram (GramJS). Both pass the same contract suite
 * (test/support/messaging-contract.ts). Every call names the agent (its config name): one port
 * serves all agents of a runtime.
 */
export interface MessagingPort {
  readonly kind: 'simulator' | 'telegram';

  /** Inbound events for every agent this port serves. Returns the unsubscribe function. */
  subscribe(listener: (event: InboundEvent) => void): () => void;

  /** The agent's own account. */
  self(agent: string): Promise<AccountInfo>;

  /**
   * Sends markdown text. `idempotencyKey` is persisted by the caller before the call; a second
   * send with the same key returns the first message instead of sending again (Telegram's
   * random_id gives the same guarantee across a crash).
   */
  sendText(agent: string, channelId: number, message: OutboundText): Promise<SentMessage>;
  /** Sends a sticker from the agent's sendable stickers; throws StickerNotFoundError when unknown. */
  sendSticker(agent: string, channelId: number, sticker: OutboundSticker): Promise<SentMessage>;
  /** Sends a photo, video or file from the agent's media library; throws MediaNotFoundError when unknown. */
  sendMedia(agent: string, channelId: number, media: OutboundMedia): Promise<SentMessage>;
  /** Sets (or, with null, removes) the agent's reaction on a message. */
  react(agent: string, channelId: number, messageId: number, emoji: string | null): Promise<void>;
  /** Shows "typing…" (Telegram expires it after ~6 s) or cancels it while staying online. */
  setTyping(agent: string, channelId: number, action: 'typing' | 'cancel'): Promise<void>;
  /** Read receipt up to a message; optionally clears unread mentions and reactions. */
  markRead(agent: string, channelId: number, options: MarkReadOptions): Promise<void>;
  block(agent: string, userId: number): Promise<void>;
  unblock(agent: string, userId: number): Promise<void>;
  /** Deletes the whole history of a chat; `revoke` deletes it for the partner too (direct chats). */
  deleteHistory(agent: string, channelId: number, options: { revoke: boolean }): Promise<void>;

  /** Messages in chronological order, the newest `limit` that match. */
  fetchHistory(agent: string, channelId: number, query: HistoryQuery): Promise<ChatMsg[]>;
  getChat(agent: string, channelId: number): Promise<ChatInfo>;
  /**
   * The chat the operator names by id, @username or +phone, as the agent would reach it; null
   * when the network knows no such person or chat (a direct chat need not have messages yet).
   */
  findChat(agent: string, query: ChatQuery): Promise<ChatInfo | null>;
  /** Whether the agent may send in this chat (not blocked, has the right in a group). */
  canSend(agent: string, channelId: number): Promise<boolean>;
  isMuted(agent: string, channelId: number): Promise<boolean>;
  isBlocked(agent: string, userId: number): Promise<boolean>;
  /** Stickers the agent may send: its sticker sets plus those in its asset library. */
  listStickers(agent: string): Promise<StickerRef[]>;
  /** Adds a file to the agent's media library (its Saved Messages on Telegram); the item as listMedia will list it. */
  addToLibrary(agent: string, file: LibraryFile): Promise<MediaRef>;
  /** Removes a file from the agent's media library; false when the library did not have it. */
  removeFromLibrary(agent: string, uniqueId: string): Promise<boolean>;
  /** Every sticker of a set, by its short name, as the agent's account sees it; null when there is no such set. */
  stickerSet(agent: string, setName: string): Promise<StickerSetContents | null>;
  /** Media the agent may send (on Telegram: the non-sticker media in its Saved Messages). */
  listMedia(agent: string): Promise<MediaRef[]>;
  /**
   * The bytes of a file the agent can see. Null when it is gone (the message was deleted, the
   * sticker left the agent's sets); MediaTooLargeError when it is larger than `maxBytes`.
   */
  downloadMedia(agent: string, source: MediaSource, options: DownloadOptions): Promise<Uint8Array | null>;
  /** Chats with something for the agent to look at (for the scan after a start or reconnect). */
  listUnread(agent: string): Promise<UnreadChat[]>;
  /** The agent's chats, the one with the newest activity first, at most `limit` (the console's list). */
  listChats(agent: string, options: ListChatsOptions): Promise<ChatSummary[]>;
}

export interface AccountInfo {
  id: number;
  name: string;
  username: string | null;
  premium: boolean;
}

export interface OutboundText {
  text: string;
  replyTo: number | null;
  idempotencyKey: string;
}

export interface OutboundSticker {
  setName: string;
  name: string;
  replyTo: number | null;
  idempotencyKey: string;
}

export interface OutboundMedia {
  /** The file unique id, as listMedia names it. */
  uniqueId: string;
  replyTo: number | null;
  idempotencyKey: string;
}

/** One item of an agent's media library. */
export interface MediaRef {
  uniqueId: string;
  kind: MediaKind;
  /** What it shows, from the curated media descriptions; null when nobody described it. */
  description: string | null;
}

/** Where a file is, for downloading it: every file Troupe describes is found one of these ways. */
export type MediaSource =
  /** A file a message carries (its photo, document, link preview image...). */
  | { kind: 'message'; channelId: number; messageId: number; uniqueId: string }
  /** One of the stickers the agent may send (listStickers). */
  | { kind: 'sticker'; uniqueId: string }
  /** One item of the agent's media library (listMedia). */
  | { kind: 'library'; uniqueId: string }
  /** A custom emoji (in a message's text or a reaction), by its document id. */
  | { kind: 'custom-emoji'; uniqueId: string }
  /** A chat's photo (the partner's profile photo in a direct chat), as getChat names it. */
  | { kind: 'chat-photo'; channelId: number; uniqueId: string }
  /** A sticker of a set, as stickerSet lists it. */
  | { kind: 'set-sticker'; setName: string; uniqueId: string };

/** A file for an agent's media library. */
export interface LibraryFile {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  /** Saved as a photo (Telegram recompresses it), else as a file with its name. */
  asPhoto: boolean;
}

/** A sticker set's stickers, each named by its emoji (several may share one). */
export interface StickerSetContents {
  setName: string;
  title: string | null;
  stickers: StickerRef[];
}

export interface DownloadOptions {
  maxBytes: number;
  signal?: AbortSignal;
}

export interface SentMessage {
  messageId: number;
  /** True when the idempotency key had been used already and nothing new was sent. */
  duplicate: boolean;
}

export interface MarkReadOptions {
  upToMessageId: number;
  clearMentions: boolean;
  clearReactions: boolean;
}

export interface HistoryQuery {
  limit: number;
  /** Only messages with an id strictly greater than this. */
  afterMessageId?: number;
  /** Only messages with an id strictly smaller than this (paging backwards). */
  beforeMessageId?: number;
}

export interface UnreadChat {
  channelId: number;
  unreadCount: number;
  /** An unread message (from a sender the agent has not blocked) mentions or replies to the agent. */
  mentioned: boolean;
  /** The operator marked the chat unread in a client. */
  markedUnread: boolean;
  /** The agent's own messages with reactions it has not seen. */
  unreadReactionMessageIds: number[];
  lastMessageId: number | null;
}

export interface ListChatsOptions {
  limit: number;
}

/** A chat as a list shows it: what it is, its newest message and how much the agent has not read. */
export interface ChatSummary extends Pick<ChatInfo, 'channelId' | 'kind' | 'title'> {
  lastMessage: ChatMsg | null;
  /** Messages from others the agent has not read. */
  unreadCount: number;
}

export type InboundEvent =
  | { type: 'message'; agent: string; message: ChatMsg }
  | { type: 'edit'; agent: string; message: ChatMsg }
  | { type: 'delete'; agent: string; channelId: number; messageIds: number[] }
  /** Reactions on a message changed; `reactions` is the full new list. */
  | { type: 'reaction'; agent: string; channelId: number; messageId: number; reactions: Reaction[] }
  | { type: 'typing'; agent: string; channelId: number; userId: number }
  /** The partner read the agent's messages up to `maxMessageId`. */
  | { type: 'read'; agent: string; channelId: number; maxMessageId: number };

/**
 * A failure the network reported. `retryAfterSeconds` (a flood wait, or a connection on its way
 * back) means: wait that long, don't count a retry.
 */
export class MessagingError extends Error {
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;

  constructor(
    message: string,
    options: { retryable: boolean; retryAfterSeconds?: number | null; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'MessagingError';
    this.retryable = options.retryable;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export class StickerNotFoundError extends MessagingError {
  constructor(setName: string, name: string) {
    super(`The agent has no sticker "${name}" in set "${setName}".`, { retryable: false });
    this.name = 'StickerNotFoundError';
  }
}

/** A file over the size the caller would download. */
export class MediaTooLargeError extends MessagingError {
  readonly sizeBytes: number;

  constructor(sizeBytes: number, maxBytes: number) {
    super(
      `The file has ${(sizeBytes / 1e6).toFixed(1)} MB, more than the ${(maxBytes / 1e6).toFixed(1)} MB allowed for descriptions.`,
      { retryable: false },
    );
    this.name = 'MediaTooLargeError';
    this.sizeBytes = sizeBytes;
  }
}

export class MediaNotFoundError extends MessagingError {
  constructor(uniqueId: string) {
    super(`The agent has no media with unique id "${uniqueId}" in its library.`, { retryable: false });
    this.name = 'MediaNotFoundError';
  }
}
