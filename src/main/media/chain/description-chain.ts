import { MAX_DESCRIPTION_RETRIES, TEMPORARY_MEDIA_STATUSES } from '../../../shared/domain/media';
import type { MediaSettings } from '../../../shared/domain/settings';
import { recordLlmUsage } from '../../llm';
import type { Logger } from '../../logging';
import { MediaTooLargeError, type MessagingPort } from '../../messaging/port';
import type { CachedMedia, Store } from '../../store';
import type { CuratedMedia } from '../curated/curated-media';
import { type SniffedMedia, sniffMedia } from '../format';
import { type AiAttempt, type AiDescriptionDeps, describeWithAi } from './ai-description';
import type { DescriptionBudget } from './description-budget';
import { DownloadFailures } from './download-failures';
import type { MediaFiles } from './media-files';
import type { MediaContext, MediaItem, MediaOutcome } from './media-item';
import { metadataVerdict } from './metadata-checks';
import { stickerFallback } from './sticker-fallback';

/** How long a file may take to download for a description. */
const DOWNLOAD_TIMEOUT_MS = 20_000;

const TEMPORARY: ReadonlySet<string> = new Set(TEMPORARY_MEDIA_STATUSES);

export interface DescriptionChainDeps extends AiDescriptionDeps {
  store: Pick<Store, 'mediaDescriptions' | 'taskLog' | 'llmPrices' | 'transaction'>;
  curated: CuratedMedia;
  files: MediaFiles;
  settings: () => MediaSettings;
  logger: Logger;
  /** A description was written or changed (for the console). */
  onDescribed?: (uniqueId: string) => void;
}

/** Where the chain reads the file: the port of the network the agent is on. */
export type DescribeContext = MediaContext & { port: Pick<MessagingPort, 'downloadMedia'> };

export interface DescribeOptions {
  /** Spent on each new AI description; when it is used up, the file is left for later. */
  budget: DescriptionBudget;
  signal?: AbortSignal;
}

/** What is known, and whether a model could still add to it. */
export interface KnownMedia {
  outcome: MediaOutcome;
  /** A description could still come (nothing is known yet, or a temporary failure may pass). */
  open: boolean;
  cached: CachedMedia | null;
}

function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === '';
}

/** A sticker without a description is still its emoji (see stickerFallback). */
function withFallback(item: MediaItem, outcome: MediaOutcome): MediaOutcome {
  if (item.kind !== 'sticker' || !isBlank(outcome.description)) return outcome;
  const fallback = stickerFallback(item.stickerName);
  return fallback === null ? outcome : { ...outcome, description: fallback };
}

/**
 * The description chain: for a file, the first source with an answer wins, in this order —
 * the curated records of the config directories, the description cache, what the metadata
 * alone settles (animated emoji, too long, too large), and, within the caller's budget, the
 * media model looking at the bytes (downloaded once, kept beside the cache row). Temporary
 * failures are tried again on later calls, at most MAX_DESCRIPTION_RETRIES times; a file being
 * described is described once however many callers ask.
 */
export class DescriptionChain {
  readonly #deps: DescriptionChainDeps;
  readonly #inFlight = new Map<string, Promise<MediaOutcome>>();
  readonly #downloadFailures = new DownloadFailures();
  /** Aborts what runs when the chain stops; an attempt never runs on one caller's signal, as others may join it. */
  readonly #stopping = new AbortController();

  constructor(deps: DescriptionChainDeps) {
    this.#deps = deps;
  }

  /** What is known now, without downloading or asking a model. */
  known(item: MediaItem): KnownMedia {
    const curated = this.#deps.curated.get(item.uniqueId)?.record;
    if (curated && (!isBlank(curated.description) || !TEMPORARY.has(curated.status))) {
      const outcome = {
        description: curated.description,
        failureReason: curated.failureReason,
        status: curated.status,
      };
      return { outcome: withFallback(item, outcome), open: false, cached: null };
    }
    const cached = this.#deps.store.mediaDescriptions.get(item.uniqueId);
    if (cached) {
      const outcome = {
        description: cached.description,
        failureReason: cached.failureReason,
        status: cached.status,
      };
      const open = TEMPORARY.has(cached.status) && cached.retryCount < MAX_DESCRIPTION_RETRIES;
      return { outcome: withFallback(item, outcome), open, cached };
    }
    const verdict = metadataVerdict(item, this.#limits());
    if (verdict) return { outcome: withFallback(item, verdict), open: false, cached: null };
    const blocked = this.#downloadFailures.blocked(item.uniqueId);
    if (blocked !== null) {
      return {
        outcome: withFallback(item, { description: null, failureReason: blocked, status: null }),
        open: false,
        cached: null,
      };
    }
    return {
      outcome: withFallback(item, { description: null, failureReason: null, status: null }),
      open: true,
      cached: null,
    };
  }

  /**
   * What the agent is told about a file: what is known, or, while the budget lasts, what the
   * media model says now. Over budget, the file is marked `budget_exhausted` for this call
   * and left to a later one (see MediaDescriptions' background work).
   */
  async describe(item: MediaItem, context: DescribeContext, options: DescribeOptions): Promise<MediaOutcome> {
    const known = this.known(item);
    if (!known.open) return known.outcome;
    let attempt = this.#inFlight.get(item.uniqueId);
    if (!attempt) {
      const unavailable = this.modelUnavailable();
      if (unavailable !== null) {
        return withFallback(item, { description: null, failureReason: unavailable, status: null });
      }
      if (!options.budget.take()) {
        return withFallback(item, { ...known.outcome, status: known.outcome.status ?? 'budget_exhausted' });
      }
      attempt = this.#attempt(item, context, known.cached, this.#stopping.signal).finally(() =>
        this.#inFlight.delete(item.uniqueId),
      );
      this.#inFlight.set(item.uniqueId, attempt);
    }
    // A caller that gives up (its turn was replanned) leaves the attempt to the others.
    return options.signal ? raceAbort(attempt, options.signal) : attempt;
  }

  /** Aborts the attempts running (Troupe is stopping). */
  stop(): void {
    this.#stopping.abort(new Error('media descriptions stopped'));
  }

  /**
   * Why the media model cannot be asked now (none set, no API key), checked before anything is
   * downloaded: a file is not fetched again and again for a model that cannot look at it.
   */
  modelUnavailable(): string | null {
    const model = this.#deps.settings().model;
    if (isBlank(model)) return 'no media model is set';
    try {
      this.#deps.llm.providerFor(this.#deps.llm.resolve(model).provider);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  #limits() {
    const settings = this.#deps.settings();
    return { maxDurationSeconds: settings.maxDurationSeconds, maxBytes: settings.maxFileMegabytes * 1e6 };
  }

  async #attempt(
    item: MediaItem,
    context: DescribeContext,
    cached: CachedMedia | null,
    signal: AbortSignal | undefined,
  ): Promise<MediaOutcome> {
    const deps = this.#deps;
    let bytes = cached ? await deps.files.read(cached.fileName) : null;
    // A row whose file went missing gets the file again with the new bytes.
    const stored = bytes !== null ? cached : null;
    if (!bytes) {
      const fetched = await this.#download(item, context, signal);
      if ('outcome' in fetched) return withFallback(item, fetched.outcome);
      bytes = fetched.bytes;
    }
    const looked = await this.lookAt(item, bytes, context, signal);
    if (looked.attempt.type === 'unavailable') {
      deps.logger.warn(
        { uniqueId: item.uniqueId, reason: looked.attempt.failureReason },
        'media model unavailable',
      );
      return withFallback(item, {
        description: null,
        failureReason: looked.attempt.failureReason,
        status: null,
      });
    }
    await this.saveToCache(item, looked.sniffed, bytes, looked.attempt, cached, stored !== null);
    return withFallback(item, {
      description: looked.attempt.description,
      failureReason: looked.attempt.failureReason,
      status: looked.attempt.status,
    });
  }

  /** Sniffs the bytes and asks the media model about them; nothing is written. */
  async lookAt(
    item: MediaItem,
    bytes: Uint8Array,
    who: Pick<MediaContext, 'agent' | 'channelId'>,
    signal?: AbortSignal,
  ): Promise<{ sniffed: SniffedMedia; attempt: AiAttempt }> {
    const sniffed = await sniffMedia(bytes, {
      mimeType: item.mimeType,
      fileName: item.fileName,
      kind: item.kind,
    });
    const attempt = await describeWithAi(this.#deps, {
      modelName: this.#deps.settings().model,
      item,
      bytes,
      sniffed,
      agent: who.agent,
      channelId: who.channelId,
      ...(signal ? { signal } : {}),
    });
    return { sniffed, attempt };
  }

  /**
   * Keeps an attempt in the cache with its bytes (written first) and books its cost. The retry
   * counter resets on success, counts temporary failures and keeps its value otherwise.
   */
  async saveToCache(
    item: MediaItem,
    sniffed: SniffedMedia,
    bytes: Uint8Array,
    attempt: Extract<AiAttempt, { type: 'settled' }>,
    cached: CachedMedia | null,
    fileStored = cached !== null,
  ): Promise<void> {
    const deps = this.#deps;
    const previousRetries = cached?.retryCount ?? 0;
    const retryCount =
      attempt.status === 'generated'
        ? 0
        : attempt.status === 'temporary_failure'
          ? previousRetries + 1
          : previousRetries;
    const fileName =
      fileStored && cached
        ? cached.fileName
        : await deps.files.write(item.uniqueId, sniffed.extension, bytes);
    const isSticker = item.kind === 'sticker';
    deps.store.transaction(() => {
      deps.store.mediaDescriptions.put({
        uniqueId: item.uniqueId,
        kind: isSticker ? 'sticker' : sniffed.kind,
        description: attempt.description,
        status: attempt.status,
        failureReason: attempt.failureReason,
        mimeType: sniffed.mimeType,
        originalMimeType: item.mimeType && item.mimeType !== sniffed.mimeType ? item.mimeType : null,
        fileName,
        fileSize: bytes.byteLength,
        durationSeconds: item.durationSeconds,
        stickerSetName: isSticker ? item.stickerSetName : null,
        stickerSetTitle: isSticker ? item.stickerSetTitle : null,
        stickerName: isSticker ? item.stickerName : null,
        retryCount,
        model: attempt.model,
      });
      if (attempt.usage) recordLlmUsage(deps.store, attempt.usage);
    });
    if (attempt.status !== 'generated') {
      deps.logger.info(
        { uniqueId: item.uniqueId, status: attempt.status, reason: attempt.failureReason },
        'media not described',
      );
    }
    deps.onDescribed?.(item.uniqueId);
  }

  /** The file's bytes, or what to tell the agent when they cannot be had (nothing is cached then). */
  async #download(
    item: MediaItem,
    context: DescribeContext,
    signal: AbortSignal | undefined,
  ): Promise<{ bytes: Uint8Array } | { outcome: MediaOutcome }> {
    const maxBytes = this.#limits().maxBytes;
    const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const bytes = await raceAbort(
        context.port.downloadMedia(context.agent, context.source, { maxBytes, signal: bounded }),
        bounded,
      );
      if (bytes) {
        this.#downloadFailures.clear(item.uniqueId);
        return { bytes };
      }
      const gone = 'the file is no longer available';
      this.#downloadFailures.record(item.uniqueId, gone, { gone: true });
      return { outcome: { description: null, failureReason: gone, status: null } };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof MediaTooLargeError) {
        this.#downloadFailures.record(item.uniqueId, error.message, { gone: true });
        return { outcome: { description: null, failureReason: error.message, status: 'unsupported' } };
      }
      const reason = timeout.aborted ? 'the download took too long' : (error as Error).message;
      this.#downloadFailures.record(item.uniqueId, reason, { gone: false });
      this.#deps.logger.warn({ uniqueId: item.uniqueId, err: error }, 'media download failed');
      return { outcome: { description: null, failureReason: reason, status: 'temporary_failure' } };
    }
  }
}

/** Settles with the signal's abort when the work itself cannot be cancelled. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
