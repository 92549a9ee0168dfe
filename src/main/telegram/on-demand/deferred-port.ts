import type { ChatQuery } from '../../../shared/domain/chat-query';
import type { ChatInfo, ChatMsg, StickerRef } from '../../../shared/domain/conversation';
import type { Logger } from '../../logging';
import type {
  AccountInfo,
  ChatSummary,
  DownloadOptions,
  HistoryQuery,
  InboundEvent,
  LibraryFile,
  ListChatsOptions,
  MarkReadOptions,
  MediaRef,
  MediaSource,
  MessagingPort,
  OutboundMedia,
  OutboundSticker,
  OutboundText,
  SentMessage,
  StickerSetContents,
  UnreadChat,
} from '../../messaging/port';
import { Listeners } from '../accounts/listeners';
import { notConnected } from '../not-connected';
import type { AgentActivityChange, OwnChange, TelegramMessagingPort } from '../port';
import type { TelegramLoader } from './telegram-loader';

/**
 * The MessagingPort over Telegram as the runtime holds it from the start: listeners are kept here
 * and joined to the real port once GramJS is loaded; each call runs there, and before it is loaded
 * (no account was ever connected) fails as for an agent not connected, without loading it.
 */
export class DeferredTelegramPort implements MessagingPort {
  readonly kind = 'telegram' as const;
  readonly #loader: TelegramLoader;
  readonly #inbound: Listeners<[InboundEvent]>;
  readonly #activity: Listeners<[AgentActivityChange]>;
  readonly #ownChanges: Listeners<[OwnChange]>;

  constructor(loader: TelegramLoader, logger: Logger) {
    this.#loader = loader;
    this.#inbound = new Listeners(logger, 'inbound');
    this.#activity = new Listeners(logger, 'agent activity');
    this.#ownChanges = new Listeners(logger, 'own changes');
    loader.onLoaded(({ port }) => {
      port.subscribe((event) => this.#inbound.emit(event));
      port.onActivity((change) => this.#activity.emit(change));
      port.onOwnChange((change) => this.#ownChanges.emit(change));
    });
  }

  /** Stops the real port listening to the accounts, if it was loaded. */
  close(): void {
    this.#loader.loaded()?.port.close();
  }

  subscribe(listener: (event: InboundEvent) => void): () => void {
    return this.#inbound.add(listener);
  }

  onActivity(listener: (change: AgentActivityChange) => void): () => void {
    return this.#activity.add(listener);
  }

  onOwnChange(listener: (change: OwnChange) => void): () => void {
    return this.#ownChanges.add(listener);
  }

  async self(agent: string): Promise<AccountInfo> {
    return this.#port(agent).self(agent);
  }

  async sendText(agent: string, channelId: number, message: OutboundText): Promise<SentMessage> {
    return this.#port(agent).sendText(agent, channelId, message);
  }

  async sendSticker(agent: string, channelId: number, sticker: OutboundSticker): Promise<SentMessage> {
    return this.#port(agent).sendSticker(agent, channelId, sticker);
  }

  async sendMedia(agent: string, channelId: number, media: OutboundMedia): Promise<SentMessage> {
    return this.#port(agent).sendMedia(agent, channelId, media);
  }

  async downloadMedia(
    agent: string,
    source: MediaSource,
    options: DownloadOptions,
  ): Promise<Uint8Array | null> {
    return this.#port(agent).downloadMedia(agent, source, options);
  }

  async addToLibrary(agent: string, file: LibraryFile): Promise<MediaRef> {
    return this.#port(agent).addToLibrary(agent, file);
  }

  async removeFromLibrary(agent: string, uniqueId: string): Promise<boolean> {
    return this.#port(agent).removeFromLibrary(agent, uniqueId);
  }

  async stickerSet(agent: string, setName: string): Promise<StickerSetContents | null> {
    return this.#port(agent).stickerSet(agent, setName);
  }

  async react(agent: string, channelId: number, messageId: number, emoji: string | null): Promise<void> {
    return this.#port(agent).react(agent, channelId, messageId, emoji);
  }

  async setTyping(agent: string, channelId: number, action: 'typing' | 'cancel'): Promise<void> {
    return this.#port(agent).setTyping(agent, channelId, action);
  }

  async markRead(agent: string, channelId: number, options: MarkReadOptions): Promise<void> {
    return this.#port(agent).markRead(agent, channelId, options);
  }

  async block(agent: string, userId: number): Promise<void> {
    return this.#port(agent).block(agent, userId);
  }

  async unblock(agent: string, userId: number): Promise<void> {
    return this.#port(agent).unblock(agent, userId);
  }

  async deleteHistory(agent: string, channelId: number, options: { revoke: boolean }): Promise<void> {
    return this.#port(agent).deleteHistory(agent, channelId, options);
  }

  async fetchHistory(agent: string, channelId: number, query: HistoryQuery): Promise<ChatMsg[]> {
    return this.#port(agent).fetchHistory(agent, channelId, query);
  }

  async fetchMessage(agent: string, channelId: number, messageId: number): Promise<ChatMsg | null> {
    return this.#port(agent).fetchMessage(agent, channelId, messageId);
  }

  async getChat(agent: string, channelId: number): Promise<ChatInfo> {
    return this.#port(agent).getChat(agent, channelId);
  }

  async findChat(agent: string, query: ChatQuery): Promise<ChatInfo | null> {
    return this.#port(agent).findChat(agent, query);
  }

  async canSend(agent: string, channelId: number): Promise<boolean> {
    return this.#port(agent).canSend(agent, channelId);
  }

  async isMuted(agent: string, channelId: number): Promise<boolean> {
    return this.#port(agent).isMuted(agent, channelId);
  }

  async isBlocked(agent: string, userId: number): Promise<boolean> {
    return this.#port(agent).isBlocked(agent, userId);
  }

  async listStickers(agent: string): Promise<StickerRef[]> {
    return this.#port(agent).listStickers(agent);
  }

  async listMedia(agent: string): Promise<MediaRef[]> {
    return this.#port(agent).listMedia(agent);
  }

  async listUnread(agent: string): Promise<UnreadChat[]> {
    return this.#port(agent).listUnread(agent);
  }

  async listChats(agent: string, options: ListChatsOptions): Promise<ChatSummary[]> {
    return this.#port(agent).listChats(agent, options);
  }

  /** The real port; none is loaded while no account was ever wanted, so none can be connected. */
  #port(agent: string): TelegramMessagingPort {
    const side = this.#loader.loaded();
    if (!side) throw notConnected(agent);
    return side.port;
  }
}
