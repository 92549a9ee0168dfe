import type { ChatInfo, ChatMsg, StickerRef } from '../../shared/domain/conversation';
import type { MediaRef, MessagingPort } from '../messaging/port';
import type { Store } from '../store';
import { BackgroundDescriptions } from './chain/background-descriptions';
import { DescriptionBudget } from './chain/description-budget';
import { type DescribeContext, DescriptionChain, type DescriptionChainDeps } from './chain/description-chain';
import { MediaFiles } from './chain/media-files';
import { bareItem, type MediaItem } from './chain/media-item';
import { describedMessage, filesNewestFirst } from './chain/message-files';
import { SavedMessagesRegistry } from './saved-messages-registry';

export interface MediaDescriptionsDeps extends Omit<DescriptionChainDeps, 'files' | 'store'> {
  store: DescriptionChainDeps['store'] & Pick<Store, 'mediaDescriptions'>;
  /** The state directory's folder for described files. */
  filesDir: string;
}

/** Whom a turn's files are described for, and through which network. */
export interface MediaViewer {
  agent: string;
  channelId: number;
  port: Pick<MessagingPort, 'downloadMedia'>;
}

/**
 * Media descriptions for the engine and the console (the media module's façade): every media
 * part of a turn's history, the agent's sendable stickers and its library get what the
 * description chain knows or learns, within the turn's budget; the rest is described in the
 * background for a later turn.
 */
export class MediaDescriptions {
  readonly chain: DescriptionChain;
  readonly files: MediaFiles;
  readonly #store: MediaDescriptionsDeps['store'];
  readonly #background: BackgroundDescriptions;
  /** What each agent keeps in its Telegram Saved Messages. */
  readonly savedMessages = new SavedMessagesRegistry();

  constructor(deps: MediaDescriptionsDeps) {
    this.files = new MediaFiles(deps.filesDir);
    this.#store = deps.store;
    this.chain = new DescriptionChain({ ...deps, files: this.files });
    this.#background = new BackgroundDescriptions(this.chain, deps.logger.child({ module: 'media' }));
  }

  /** Clears what a crash left half-written. */
  async start(): Promise<void> {
    await this.files.sweep();
  }

  async stop(): Promise<void> {
    this.chain.stop();
    await this.#background.stop();
  }

  /** Resolves once the background queue is empty. */
  idle(): Promise<void> {
    return this.#background.idle();
  }

  /**
   * The messages with every media part described as far as the budget allows; files over the
   * budget are queued for the background. Each file is described once, however often it occurs.
   */
  async describeMessages(
    messages: readonly ChatMsg[],
    viewer: MediaViewer,
    options: { budget: number; signal?: AbortSignal },
  ): Promise<ChatMsg[]> {
    const budget = new DescriptionBudget(options.budget);
    const outcomes = filesNewestFirst(messages).map(async ({ item, source }) => {
      const context: DescribeContext = {
        agent: viewer.agent,
        channelId: viewer.channelId,
        port: viewer.port,
        source,
      };
      const outcome = await this.chain.describe(item, context, {
        budget,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (outcome.status === 'budget_exhausted') this.#background.enqueue(item, context);
      return [item.uniqueId, outcome] as const;
    });
    const settled = new Map(await Promise.all(outcomes));
    this.#store.mediaDescriptions.markUsed([...settled.keys()]);
    return messages.map((message) => describedMessage(message, (uniqueId) => settled.get(uniqueId)));
  }

  /** The bytes the cache keeps for an id; null when it keeps none. */
  async cachedBytes(uniqueId: string): Promise<Uint8Array | null> {
    const cached = this.#store.mediaDescriptions.get(uniqueId);
    return cached ? this.files.read(cached.fileName) : null;
  }

  /** Messages with what is known of their media, never downloading or asking (the console). */
  annotate(messages: readonly ChatMsg[]): ChatMsg[] {
    return messages.map((message) => {
      const known = new Map(
        filesNewestFirst([message]).map(
          ({ item }) => [item.uniqueId, this.chain.known(item).outcome] as const,
        ),
      );
      return describedMessage(message, (uniqueId) => known.get(uniqueId));
    });
  }

  /**
   * The agent's sendable stickers with their descriptions; those nobody described yet carry their
   * emoji's meaning now and are described in the background.
   */
  describeStickers(stickers: readonly StickerRef[], viewer: Omit<MediaViewer, 'channelId'>): StickerRef[] {
    this.#store.mediaDescriptions.markUsed(stickers.map((sticker) => sticker.uniqueId));
    return stickers.map((sticker) => {
      if (sticker.description?.trim()) return sticker;
      const item = bareItem(sticker.uniqueId, 'sticker', {
        stickerSetName: sticker.setName,
        stickerSetTitle: sticker.setTitle,
        stickerName: sticker.name,
      });
      const known = this.chain.known(item);
      if (known.open) this.#queue(item, viewer, { kind: 'sticker', uniqueId: sticker.uniqueId });
      return { ...sticker, description: known.outcome.description };
    });
  }

  /**
   * The chat with what its photo shows, when known; a photo nobody described yet is described in
   * the background (a turn never waits for it).
   */
  describeChatPhoto(chat: ChatInfo, viewer: Omit<MediaViewer, 'channelId'>): ChatInfo {
    if (!chat.photo) return chat;
    this.#store.mediaDescriptions.markUsed([chat.photo.uniqueId]);
    const item = bareItem(chat.photo.uniqueId, 'photo', { mimeType: 'image/jpeg' });
    const known = this.chain.known(item);
    if (known.open) {
      this.#queue(item, viewer, {
        kind: 'chat-photo',
        channelId: chat.channelId,
        uniqueId: chat.photo.uniqueId,
      });
    }
    return { ...chat, photo: { ...chat.photo, description: known.outcome.description } };
  }

  /**
   * The agent's media library with descriptions, the missing ones described in the background.
   * `savedMessages`: the library is the agent's Saved Messages (Telegram), to be kept in the registry.
   */
  describeLibrary(
    media: readonly MediaRef[],
    viewer: Omit<MediaViewer, 'channelId'> & { savedMessages: boolean },
  ): MediaRef[] {
    if (viewer.savedMessages)
      this.savedMessages.replace(
        viewer.agent,
        media.map((ref) => ref.uniqueId),
      );
    this.#store.mediaDescriptions.markUsed(media.map((ref) => ref.uniqueId));
    return media.map((ref) => {
      if (ref.description?.trim()) return ref;
      const item = bareItem(ref.uniqueId, ref.kind);
      const known = this.chain.known(item);
      if (known.open) this.#queue(item, viewer, { kind: 'library', uniqueId: ref.uniqueId });
      return { ...ref, description: known.outcome.description };
    });
  }

  #queue(item: MediaItem, viewer: Omit<MediaViewer, 'channelId'>, source: DescribeContext['source']): void {
    this.#background.enqueue(item, { agent: viewer.agent, channelId: null, port: viewer.port, source });
  }
}
