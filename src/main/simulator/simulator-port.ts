import type { ChatQuery } from '../../shared/domain/chat-query';
import type { ChatInfo, ChatMsg, MessagePart, StickerRef } from '../../shared/domain/conversation';
import { stickerPart } from '../conversation';
import {
  type AccountInfo,
  type ChatSummary,
  type DownloadOptions,
  type HistoryQuery,
  type InboundEvent,
  type ListChatsOptions,
  type MarkReadOptions,
  MediaNotFoundError,
  type MediaRef,
  type MediaSource,
  MediaTooLargeError,
  MessagingError,
  type MessagingPort,
  type OutboundMedia,
  type OutboundSticker,
  type OutboundText,
  type SentMessage,
  StickerNotFoundError,
  type StickerSetContents,
  type UnreadChat,
} from '../messaging/port';
import { mediaPart } from './chat-messages';
import { SimulatorCore, type SimulatorDeps } from './simulator-core';
import { MAX_MESSAGE_LENGTH } from './simulator-inputs';
import { checkedLimit } from './simulator-views';

/** Why the Simulator's library is not changed here: it is made of the config directories' records. */
const SIMULATOR_LIBRARY =
  "In the Simulator an agent's media library is the curated media of the config directories: add or remove files there with the media editor.";

/** The Simulator as the engine sees it: the MessagingPort, over the Simulator's tables. */
export class SimulatorPort implements MessagingPort {
  readonly kind = 'simulator' as const;
  protected readonly core: SimulatorCore;

  constructor(deps: SimulatorDeps) {
    this.core = new SimulatorCore(deps);
  }

  subscribe(listener: (event: InboundEvent) => void): () => void {
    return this.core.inbound.add(listener);
  }

  async self(agent: string): Promise<AccountInfo> {
    return this.core.deps.agentAccount(agent);
  }

  async sendText(agent: string, channelId: number, message: OutboundText): Promise<SentMessage> {
    const text = message.text;
    if (text.trim() === '') throw new MessagingError('The message is empty.', { retryable: false });
    if (text.length > MAX_MESSAGE_LENGTH) {
      throw new MessagingError(
        `The message has ${text.length} characters; Telegram allows ${MAX_MESSAGE_LENGTH}.`,
        { retryable: false },
      );
    }
    return this.core.sendAsAgent(agent, channelId, message, () => [{ kind: 'text', text }]);
  }

  async sendSticker(agent: string, channelId: number, sticker: OutboundSticker): Promise<SentMessage> {
    return this.core.sendAsAgent(agent, channelId, sticker, () => {
      const found = this.core.deps
        .stickers(agent)
        .find((candidate) => candidate.setName === sticker.setName && candidate.name === sticker.name);
      if (!found) throw new StickerNotFoundError(sticker.setName, sticker.name);
      return [stickerPart(found)];
    });
  }

  /** Sends from the media library; a sticker's unique id sends the sticker, as Telegram would. */
  async sendMedia(agent: string, channelId: number, media: OutboundMedia): Promise<SentMessage> {
    return this.core.sendAsAgent(agent, channelId, media, () => {
      const found = this.core.deps.media(agent).find((candidate) => candidate.uniqueId === media.uniqueId);
      if (found) return [mediaPart(found)];
      const sticker = this.core.deps
        .stickers(agent)
        .find((candidate) => candidate.uniqueId === media.uniqueId);
      if (sticker) return [stickerPart(sticker)];
      throw new MediaNotFoundError(media.uniqueId);
    });
  }

  async react(agent: string, channelId: number, messageId: number, emoji: string | null): Promise<void> {
    const key = { agent, channelId };
    if (emoji !== null && emoji.trim() === '') {
      throw new MessagingError('A reaction is an emoji, not blank text.', { retryable: false });
    }
    this.core.transaction(() => {
      this.core.lookups.requireChat(key);
      this.core.lookups.requireMessage(key, messageId, { visibleToAgent: true });
      this.core.tables.messages.setReaction(key, messageId, {
        personId: null,
        emoji,
        unread: false,
        reactedAt: this.core.nowIso(),
      });
    });
    this.core.presence.seen(agent, channelId);
    this.core.changes.emit({ type: 'reaction', agent, message: this.core.views.chatMsg(key, messageId) });
  }

  async setTyping(agent: string, channelId: number, action: 'typing' | 'cancel'): Promise<void> {
    this.core.lookups.requireChat({ agent, channelId });
    switch (action) {
      case 'typing':
        this.core.presence.typing(agent, channelId);
        return;
      case 'cancel':
        this.core.presence.stoppedTyping(agent, channelId);
        return;
      default:
        throw new Error(`Unknown typing action: ${action satisfies never}`);
    }
  }

  async markRead(agent: string, channelId: number, options: MarkReadOptions): Promise<void> {
    const key = { agent, channelId };
    const advancedTo = this.core.transaction(() => {
      const before = this.core.lookups.requireChat(key).agent_read_up_to;
      this.core.tables.messages.markAgentRead(key, options);
      const after = this.core.tables.chats.get(key)!.agent_read_up_to;
      return after > before ? after : null;
    });
    this.core.presence.seen(agent, channelId);
    if (advancedTo !== null) {
      this.core.changes.emit({ type: 'read', agent, channelId, reader: 'agent', upToMessageId: advancedTo });
    }
  }

  async block(agent: string, userId: number): Promise<void> {
    this.core.lookups.requirePerson(agent, userId);
    this.core.tables.people.block(agent, userId, this.core.nowIso());
  }

  async unblock(agent: string, userId: number): Promise<void> {
    this.core.lookups.requirePerson(agent, userId);
    this.core.tables.people.unblock(agent, userId);
  }

  async deleteHistory(agent: string, channelId: number, options: { revoke: boolean }): Promise<void> {
    const key = { agent, channelId };
    const deletedIds = this.core.transaction(() => {
      const chat = this.core.lookups.requireChat(key);
      const visibleIds = this.core.tables.messages.visibleIds(key);
      this.core.tables.messages.clearHistory(key, {
        // Revoking reaches the partner of a direct chat only, as on Telegram's supergroups.
        forPeopleToo: options.revoke && chat.kind === 'direct',
        revoke: options.revoke,
        clearedAt: this.core.nowIso(),
      });
      return visibleIds;
    });
    if (deletedIds.length > 0) {
      this.core.changes.emit({ type: 'delete', agent, channelId, messageIds: deletedIds });
    }
  }

  async fetchHistory(agent: string, channelId: number, query: HistoryQuery): Promise<ChatMsg[]> {
    const key = { agent, channelId };
    this.core.lookups.requireChat(key);
    return this.core.views.history(key, query);
  }

  async getChat(agent: string, channelId: number): Promise<ChatInfo> {
    return this.core.views.chatView({ agent, channelId }).chat;
  }

  /** Simulated people have ids and usernames but no phone numbers; a direct chat's id is its person's. */
  async findChat(agent: string, query: ChatQuery): Promise<ChatInfo | null> {
    const { tables, views } = this.core;
    const channelId =
      query.kind === 'id'
        ? query.id
        : query.kind === 'username'
          ? tables.people.byUsername(agent, query.username)?.id
          : undefined;
    if (channelId === undefined || !tables.chats.get({ agent, channelId })) return null;
    return views.chatView({ agent, channelId }).chat;
  }

  async canSend(agent: string, channelId: number): Promise<boolean> {
    const chat = this.core.lookups.requireChat({ agent, channelId });
    return this.core.lookups.whyAgentCannotSend(chat) === null;
  }

  async isMuted(agent: string, channelId: number): Promise<boolean> {
    return this.core.lookups.requireChat({ agent, channelId }).muted === 1;
  }

  async isBlocked(agent: string, userId: number): Promise<boolean> {
    return this.core.tables.people.isBlocked(agent, userId);
  }

  async listStickers(agent: string): Promise<StickerRef[]> {
    return [...this.core.deps.stickers(agent)];
  }

  async addToLibrary(): Promise<MediaRef> {
    throw new MessagingError(SIMULATOR_LIBRARY, { retryable: false });
  }

  async removeFromLibrary(): Promise<boolean> {
    throw new MessagingError(SIMULATOR_LIBRARY, { retryable: false });
  }

  /** A curated set the agent may send from (the Simulator has no other sets). */
  async stickerSet(agent: string, setName: string): Promise<StickerSetContents | null> {
    const stickers = this.core.deps
      .stickers(agent)
      .filter((sticker) => sticker.setName.toLowerCase() === setName.toLowerCase());
    const [first] = stickers;
    return first ? { setName: first.setName, title: first.setTitle, stickers } : null;
  }

  async listMedia(agent: string): Promise<MediaRef[]> {
    return [...this.core.deps.media(agent)];
  }

  /**
   * A file the agent can see: one a person sent (kept in the Simulator's tables), or a curated
   * sticker or library item (its file in the config directory).
   */
  async downloadMedia(
    agent: string,
    source: MediaSource,
    options: DownloadOptions,
  ): Promise<Uint8Array | null> {
    if (!this.#canSee(agent, source)) return null;
    const bytes =
      this.core.tables.files.get(source.uniqueId)?.bytes ??
      (await this.core.deps.curatedFile(source.uniqueId));
    if (bytes && bytes.byteLength > options.maxBytes)
      throw new MediaTooLargeError(bytes.byteLength, options.maxBytes);
    return bytes;
  }

  #canSee(agent: string, source: MediaSource): boolean {
    switch (source.kind) {
      case 'message': {
        const row = this.core.tables.messages.get({ agent, channelId: source.channelId }, source.messageId);
        if (!row || row.hidden_for_agent === 1) return false;
        return (JSON.parse(row.parts_json) as MessagePart[]).some(
          (part) => part.kind === 'media' && part.uniqueId === source.uniqueId,
        );
      }
      case 'sticker':
        return this.core.deps.stickers(agent).some((sticker) => sticker.uniqueId === source.uniqueId);
      case 'library':
        return this.core.deps.media(agent).some((item) => item.uniqueId === source.uniqueId);
      case 'set-sticker':
        return this.core.deps
          .stickers(agent)
          .some((sticker) => sticker.setName === source.setName && sticker.uniqueId === source.uniqueId);
      case 'custom-emoji':
      case 'chat-photo':
        // People in the Simulator write plain emoji only and have no photos.
        return false;
    }
  }

  /**
   * Every chat with unread people's messages, an unread mention (from someone the agent has not
   * blocked) or unread reactions on the agent's messages. Muted chats are included: muting is the
   * engine's rule to apply.
   */
  async listUnread(agent: string): Promise<UnreadChat[]> {
    const reactionIdsByChat = this.core.tables.messages.unreadReactionMessageIds(agent);
    return this.core.tables.messages.unreadByChat(agent).flatMap((row): UnreadChat[] => {
      const unreadReactionMessageIds = reactionIdsByChat.get(row.channel_id) ?? [];
      if (row.unread_count === 0 && row.mentioned === 0 && unreadReactionMessageIds.length === 0) return [];
      return [
        {
          channelId: row.channel_id,
          unreadCount: row.unread_count,
          mentioned: row.mentioned === 1,
          // Nobody can mark a simulated chat unread: the operator plays the people, not the agent.
          markedUnread: false,
          unreadReactionMessageIds,
          lastMessageId: row.last_visible_message_id,
        },
      ];
    });
  }

  /** The agent's chats, the one with the newest message (or, without messages, the newest chat) first. */
  async listChats(agent: string, options: ListChatsOptions): Promise<ChatSummary[]> {
    const limit = checkedLimit(options.limit);
    const unreadByChat = new Map(
      this.core.tables.messages.unreadByChat(agent).map((row) => [row.channel_id, row]),
    );
    const summaries = this.core.tables.chats.list(agent).map((chat) => {
      const key = { agent, channelId: chat.channel_id };
      const unread = unreadByChat.get(chat.channel_id);
      const lastMessageId = unread?.last_visible_message_id ?? null;
      const summary: ChatSummary = {
        channelId: chat.channel_id,
        kind: chat.kind,
        title: this.core.views.title(chat, this.core.tables.chats.members(key)),
        lastMessage: lastMessageId === null ? null : this.core.views.chatMsg(key, lastMessageId),
        unreadCount: unread?.unread_count ?? 0,
      };
      return { activeAt: summary.lastMessage?.sentAt ?? chat.created_at, summary };
    });
    return summaries
      .sort((a, b) => b.activeAt.localeCompare(a.activeAt) || b.summary.channelId - a.summary.channelId)
      .slice(0, limit)
      .map((entry) => entry.summary);
  }
}
