import type { ChatMsg, StickerRef } from '../../shared/domain/conversation';
import type { MediaRef, MessagingPort } from '../messaging/port';
import type { Store } from '../store';
import { BackgroundDescriptions } from './chain/background-descriptions';
import { DescriptionBudget } from './chain/description-budget';
import { type DescribeContext, DescriptionChain, type DescriptionChainDeps } from './chain/description-chain';
import { MediaFiles } from './chain/media-files';
import {
  itemOfPart,
  itemOfSticker,
  type MediaItem,
  type MediaOutcome,
  type MediaPart,
} from './chain/media-item';

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

function applyOutcome(part: MediaPart, outcome: MediaOutcome): MediaPart {
  return { ...part, description: outcome.description, failureReason: outcome.failureReason };
}

/** The media parts of messages, newest message first: a turn's budget goes to what was just sent. */
function partsNewestFirst(messages: readonly ChatMsg[]): { message: ChatMsg; part: MediaPart }[] {
  const found: { message: ChatMsg; part: MediaPart }[] = [];
  for (const message of [...messages].reverse()) {
    for (const part of message.parts) if (part.kind === 'media') found.push({ message, part });
  }
  return found;
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
  /** Each agent's media library as its latest turn listed it (what it keeps in Saved Messages). */
  readonly #libraries = new Map<string, ReadonlySet<string>>();

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
    const outcomes = new Map<string, Promise<MediaOutcome>>();
    for (const { message, part } of partsNewestFirst(messages)) {
      if (outcomes.has(part.uniqueId)) continue;
      const item = itemOfPart(part);
      const context: DescribeContext = {
        agent: viewer.agent,
        channelId: viewer.channelId,
        port: viewer.port,
        source: {
          kind: 'message',
          channelId: message.channelId,
          messageId: message.messageId,
          uniqueId: part.uniqueId,
        },
      };
      outcomes.set(
        part.uniqueId,
        this.chain
          .describe(item, context, { budget, ...(options.signal ? { signal: options.signal } : {}) })
          .then((outcome) => {
            if (outcome.status === 'budget_exhausted') this.#background.enqueue(item, context);
            return outcome;
          }),
      );
    }
    const settled = new Map<string, MediaOutcome>();
    for (const [uniqueId, outcome] of outcomes) settled.set(uniqueId, await outcome);
    this.#store.mediaDescriptions.markUsed([...settled.keys()]);
    return messages.map((message) => describedMessage(message, (part) => settled.get(part.uniqueId)));
  }

  /** The bytes the cache keeps for an id; null when it keeps none. */
  async cachedBytes(uniqueId: string): Promise<Uint8Array | null> {
    const cached = this.#store.mediaDescriptions.get(uniqueId);
    return cached ? this.files.read(cached.fileName) : null;
  }

  /** Messages with what is known of their media, never downloading or asking (the console). */
  annotate(messages: readonly ChatMsg[]): ChatMsg[] {
    return messages.map((message) =>
      describedMessage(message, (part) => this.chain.known(itemOfPart(part)).outcome),
    );
  }

  /**
   * The agent's sendable stickers with their descriptions; those nobody described yet carry their
   * emoji's meaning now and are described in the background.
   */
  describeStickers(stickers: readonly StickerRef[], viewer: Omit<MediaViewer, 'channelId'>): StickerRef[] {
    return stickers.map((sticker) => {
      if (sticker.description?.trim()) return sticker;
      const item = itemOfSticker(sticker);
      const known = this.chain.known(item);
      if (known.open) this.#queue(item, viewer, { kind: 'sticker', uniqueId: sticker.uniqueId });
      return { ...sticker, description: known.outcome.description };
    });
  }

  /** Agents whose media library (Saved Messages on Telegram) held the id when their last turn listed it. */
  savedBy(uniqueId: string): string[] {
    return [...this.#libraries].filter(([, ids]) => ids.has(uniqueId)).map(([agent]) => agent);
  }

  /** The agent's media library with descriptions, the missing ones described in the background. */
  describeLibrary(media: readonly MediaRef[], viewer: Omit<MediaViewer, 'channelId'>): MediaRef[] {
    this.#libraries.set(viewer.agent, new Set(media.map((ref) => ref.uniqueId)));
    return media.map((ref) => {
      if (ref.description?.trim()) return ref;
      const item: MediaItem = {
        uniqueId: ref.uniqueId,
        kind: ref.kind,
        mimeType: null,
        fileName: null,
        durationSeconds: null,
        fileSize: null,
        stickerSetName: null,
        stickerSetTitle: null,
        stickerName: null,
      };
      const known = this.chain.known(item);
      if (known.open) this.#queue(item, viewer, { kind: 'library', uniqueId: ref.uniqueId });
      return { ...ref, description: known.outcome.description };
    });
  }

  #queue(item: MediaItem, viewer: Omit<MediaViewer, 'channelId'>, source: DescribeContext['source']): void {
    this.#background.enqueue(item, { agent: viewer.agent, channelId: null, port: viewer.port, source });
  }
}

function describedMessage(
  message: ChatMsg,
  outcomeOf: (part: MediaPart) => MediaOutcome | undefined,
): ChatMsg {
  if (!message.parts.some((part) => part.kind === 'media')) return message;
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (part.kind !== 'media') return part;
      const outcome = outcomeOf(part);
      return outcome ? applyOutcome(part, outcome) : part;
    }),
  };
}
