import { extname } from 'node:path';
import type {
  MediaDirectory,
  MediaFilter,
  MediaLocation,
  MediaRecordView,
} from '../../../shared/api/media-contract';
import type { StickerRef } from '../../../shared/domain/conversation';
import type { Store } from '../../store';
import type { DescriptionChain } from '../chain/description-chain';
import type { MediaFiles } from '../chain/media-files';
import { bareItem, type MediaItem } from '../chain/media-item';
import type { CuratedMedia, CuratedRecord } from '../curated/curated-media';
import { type CuratedFields, deleteCuratedRecord, writeCuratedRecord } from '../curated/curated-writer';
import { cachedView, curatedView, matchesFilter, matchesSearch, sameLocation } from './record-views';

/** Why the editor refused: the caller turns it into an API error. */
export class MediaEditError extends Error {
  readonly kind: 'not_found' | 'invalid' | 'conflict' | 'unavailable';

  constructor(kind: MediaEditError['kind'], message: string) {
    super(message);
    this.name = 'MediaEditError';
    this.kind = kind;
  }
}

export interface MediaLibraryDeps {
  curated: CuratedMedia;
  chain: DescriptionChain;
  files: MediaFiles;
  store: Pick<Store, 'mediaDescriptions'>;
  /** Reads the config directories' media again after a write. */
  reloadCurated: () => Promise<void>;
  /** Agents whose Saved Messages hold the id, as their last turn listed them. */
  savedBy: (uniqueId: string) => string[];
  onChanged: (uniqueIds: string[]) => void;
  now: () => Date;
}

/** A record wherever it lives, with its bytes when they are at hand. */
interface Found {
  view: MediaRecordView;
  curated: CuratedRecord | null;
  bytes: Uint8Array | null;
  /** The name the bytes are stored under (for the extension of a copy). */
  fileName: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function itemOf(view: MediaRecordView): MediaItem {
  return {
    uniqueId: view.uniqueId,
    kind: view.kind,
    mimeType: view.mimeType,
    fileName: null,
    durationSeconds: view.durationSeconds,
    fileSize: view.fileSize,
    stickerSetName: view.stickerSetName,
    stickerSetTitle: view.stickerSetTitle,
    stickerName: view.stickerName,
  };
}

function fieldsOf(view: MediaRecordView, changes: Partial<CuratedFields>): CuratedFields {
  return {
    uniqueId: view.uniqueId,
    kind: view.kind,
    description: view.description,
    status: view.status,
    failureReason: view.failureReason,
    mimeType: view.mimeType,
    mediaFile: null,
    durationSeconds: view.durationSeconds,
    stickerSetName: view.stickerSetName,
    stickerSetTitle: view.stickerSetTitle,
    stickerName: view.stickerName,
    ...changes,
  };
}

/**
 * The media-description editor's operations over the curated records of the config directories
 * and the description cache: list, correct (an edit makes the record curated, written as the
 * original agent's JSON into a config directory), describe again, move, delete, tidy.
 */
export class MediaLibrary {
  readonly #deps: MediaLibraryDeps;

  constructor(deps: MediaLibraryDeps) {
    this.#deps = deps;
  }

  directories(): MediaDirectory[] {
    const { curated, store } = this.#deps;
    const counts = new Map<string, number>();
    for (const entry of curated.all()) counts.set(entry.configDir, (counts.get(entry.configDir) ?? 0) + 1);
    return [
      ...curated.configDirs.map((configDir) => ({
        location: { kind: 'curated' as const, configDir },
        label: configDir,
        count: counts.get(configDir) ?? 0,
      })),
      { location: { kind: 'cache' }, label: 'Description cache', count: store.mediaDescriptions.count() },
    ];
  }

  list(query: { location: MediaLocation | null; filter: MediaFilter; search: string; limit: number }): {
    records: MediaRecordView[];
    total: number;
  } {
    const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
    const views = this.#views(query.location).filter(
      (view) => matchesFilter(view, query.filter) && matchesSearch(view, words),
    );
    // Grouped by sticker set, then by id, so a set's stickers sit together.
    views.sort(
      (a, b) =>
        (a.stickerSetName ?? '\uffff').localeCompare(b.stickerSetName ?? '\uffff') ||
        a.uniqueId.localeCompare(b.uniqueId),
    );
    return { records: views.slice(0, query.limit), total: views.length };
  }

  get(uniqueId: string): MediaRecordView[] {
    const { curated, store } = this.#deps;
    const effectiveCurated = curated.get(uniqueId);
    const savedBy = this.#deps.savedBy(uniqueId);
    const views = curated
      .all()
      .filter((entry) => entry.record.uniqueId === uniqueId)
      .map((entry) => curatedView(entry, entry === effectiveCurated, savedBy));
    const cached = store.mediaDescriptions.get(uniqueId);
    if (cached) views.push(cachedView(cached, effectiveCurated === null, savedBy));
    return views.sort((a, b) => Number(b.effective) - Number(a.effective));
  }

  async setDescription(uniqueId: string, description: string, configDir: string): Promise<MediaRecordView> {
    this.#requireConfigDir(configDir);
    const source = await this.#bestCopy(uniqueId, configDir);
    const inPlace = source.curated?.configDir === configDir;
    await writeCuratedRecord(
      configDir,
      fieldsOf(source.view, {
        description: description.trim() === '' ? null : description.trim(),
        status: 'curated',
        failureReason: null,
        mediaFile: inPlace ? source.curated!.record.mediaFile : null,
      }),
      inPlace || !source.bytes ? null : { name: this.#fileName(source), bytes: source.bytes },
    );
    return this.#afterWrite(uniqueId, { kind: 'curated', configDir });
  }

  /** Asks the media model about a record again; its answer replaces the description where the record lives. */
  async describeAgain(uniqueId: string, location: MediaLocation): Promise<MediaRecordView> {
    await this.redescribe(uniqueId, location);
    return this.#afterWrite(uniqueId, location, { announced: true });
  }

  /**
   * describeAgain without re-reading the config directories afterwards: a job describing many
   * records calls `refresh` once at its end.
   */
  async redescribe(uniqueId: string, location: MediaLocation, signal?: AbortSignal): Promise<void> {
    const found = await this.#at(uniqueId, location);
    if (!found.bytes)
      throw new MediaEditError('unavailable', 'Its file is not at hand, so the model cannot look at it.');
    // Booked to no agent: the operator asked.
    const { sniffed, attempt } = await this.#deps.chain.lookAt(
      itemOf(found.view),
      found.bytes,
      { agent: '', channelId: null },
      signal,
    );
    if (attempt.type === 'unavailable') throw new MediaEditError('unavailable', attempt.failureReason);
    // A failed attempt never replaces what the record says.
    if (attempt.status !== 'generated') {
      throw new MediaEditError(
        'unavailable',
        `The media model did not describe it: ${attempt.failureReason}`,
      );
    }
    if (location.kind === 'cache') {
      const cached = this.#deps.store.mediaDescriptions.get(uniqueId);
      await this.#deps.chain.saveToCache(itemOf(found.view), sniffed, found.bytes, attempt, cached);
    } else {
      await writeCuratedRecord(
        location.configDir,
        fieldsOf(found.view, {
          description: attempt.description,
          status: attempt.status,
          failureReason: attempt.failureReason,
          mimeType: sniffed.mimeType,
          mediaFile: found.curated?.record.mediaFile ?? null,
        }),
        null,
      );
    }
    this.#deps.onChanged([uniqueId]);
  }

  /**
   * Writes a sticker of a set, with what the media model says it shows, as a curated record of
   * the config directory. A sticker any config directory describes already is left as it is: a
   * record written beside it would either hide the operator's description or be hidden by it.
   */
  async importSticker(
    configDir: string,
    sticker: StickerRef,
    bytes: Uint8Array,
    signal?: AbortSignal,
  ): Promise<'imported' | 'kept'> {
    this.#requireConfigDir(configDir);
    if (this.isDescribed(sticker.uniqueId)) return 'kept';
    const item = bareItem(sticker.uniqueId, 'sticker', {
      stickerSetName: sticker.setName,
      stickerSetTitle: sticker.setTitle,
      stickerName: sticker.name,
    });
    const { sniffed, attempt } = await this.#deps.chain.lookAt(
      item,
      bytes,
      { agent: '', channelId: null },
      signal,
    );
    const settled = attempt.type === 'settled' ? attempt : null;
    await writeCuratedRecord(
      configDir,
      {
        uniqueId: sticker.uniqueId,
        kind: 'sticker',
        description: settled?.description ?? null,
        status: settled?.status ?? 'temporary_failure',
        failureReason: settled
          ? settled.failureReason
          : attempt.type === 'unavailable'
            ? attempt.failureReason
            : null,
        mimeType: sniffed.mimeType,
        mediaFile: null,
        durationSeconds: null,
        stickerSetName: sticker.setName,
        stickerSetTitle: sticker.setTitle,
        stickerName: sticker.name,
      },
      { name: `${sticker.uniqueId}${sniffed.extension}`, bytes },
    );
    this.#deps.onChanged([sticker.uniqueId]);
    return 'imported';
  }

  /** Whether a config directory describes the file already (an import leaves it as it is). */
  isDescribed(uniqueId: string): boolean {
    return this.#deps.curated
      .all()
      .some((entry) => entry.record.uniqueId === uniqueId && Boolean(entry.record.description?.trim()));
  }

  /** Why the media model cannot be asked now; null when it can. */
  modelUnavailable(): string | null {
    return this.#deps.chain.modelUnavailable();
  }

  /** Reads the config directories' media again (after a job that wrote many records). */
  refresh(): Promise<void> {
    return this.#deps.reloadCurated();
  }

  async move(uniqueId: string, from: MediaLocation, to: MediaLocation): Promise<MediaRecordView> {
    if (to.kind !== 'curated')
      throw new MediaEditError('invalid', 'Records move into a config directory; the cache fills itself.');
    this.#requireConfigDir(to.configDir);
    if (sameLocation(from, to))
      throw new MediaEditError('invalid', 'The record is in that directory already.');
    const found = await this.#at(uniqueId, from);
    await writeCuratedRecord(
      to.configDir,
      fieldsOf(found.view, { mediaFile: null }),
      found.bytes ? { name: this.#fileName(found), bytes: found.bytes } : null,
    );
    await this.#remove(found, from);
    return this.#afterWrite(uniqueId, to);
  }

  async delete(uniqueId: string, location: MediaLocation): Promise<void> {
    const found = await this.#at(uniqueId, location);
    if (found.view.savedBy.length > 0) {
      throw new MediaEditError(
        'conflict',
        `${found.view.savedBy.join(', ')} ${found.view.savedBy.length === 1 ? 'has' : 'have'} it in Saved Messages; remove it there first.`,
      );
    }
    await this.#remove(found, location);
    if (location.kind === 'curated') await this.#deps.reloadCurated();
    this.#deps.onChanged([uniqueId]);
  }

  /** Cached descriptions no prompt showed for `days`, except files an agent keeps in Saved Messages. */
  async removeUnused(days: number): Promise<number> {
    const cutoff = new Date(this.#deps.now().getTime() - days * DAY_MS);
    const removed: string[] = [];
    for (const cached of this.#deps.store.mediaDescriptions.unusedSince(cutoff)) {
      if (this.#deps.savedBy(cached.uniqueId).length > 0) continue;
      this.#deps.store.mediaDescriptions.delete(cached.uniqueId);
      await this.#deps.files.delete(cached.fileName);
      removed.push(cached.uniqueId);
    }
    if (removed.length > 0) this.#deps.onChanged(removed);
    return removed.length;
  }

  #views(location: MediaLocation | null): MediaRecordView[] {
    const { curated, store } = this.#deps;
    const views: MediaRecordView[] = [];
    if (location === null || location.kind === 'curated') {
      for (const entry of curated.all()) {
        if (location && entry.configDir !== location.configDir) continue;
        views.push(
          curatedView(
            entry,
            curated.get(entry.record.uniqueId) === entry,
            this.#deps.savedBy(entry.record.uniqueId),
          ),
        );
      }
    }
    if (location === null || location.kind === 'cache') {
      for (const cached of store.mediaDescriptions.all()) {
        views.push(
          cachedView(cached, curated.get(cached.uniqueId) === null, this.#deps.savedBy(cached.uniqueId)),
        );
      }
    }
    return views;
  }

  async #at(uniqueId: string, location: MediaLocation): Promise<Found> {
    const savedBy = this.#deps.savedBy(uniqueId);
    if (location.kind === 'cache') {
      const cached = this.#deps.store.mediaDescriptions.get(uniqueId);
      if (!cached) throw new MediaEditError('not_found', `The cache has no description of ${uniqueId}.`);
      const view = cachedView(cached, this.#deps.curated.get(uniqueId) === null, savedBy);
      return {
        view,
        curated: null,
        bytes: await this.#deps.files.read(cached.fileName),
        fileName: cached.fileName,
      };
    }
    const entry = this.#deps.curated.inDirectory(uniqueId, location.configDir);
    if (!entry)
      throw new MediaEditError('not_found', `${location.configDir} has no media record ${uniqueId}.`);
    const view = curatedView(entry, this.#deps.curated.get(uniqueId) === entry, savedBy);
    return {
      view,
      curated: entry,
      bytes: await this.#deps.curated.fileBytes(uniqueId, entry),
      fileName: entry.record.mediaFile,
    };
  }

  /** The copy an edit starts from: the one in `configDir`, else the effective one, else the cache's. */
  async #bestCopy(uniqueId: string, configDir: string): Promise<Found> {
    if (this.#deps.curated.inDirectory(uniqueId, configDir))
      return this.#at(uniqueId, { kind: 'curated', configDir });
    const effective = this.#deps.curated.get(uniqueId);
    if (effective) return this.#at(uniqueId, { kind: 'curated', configDir: effective.configDir });
    return this.#at(uniqueId, { kind: 'cache' });
  }

  async #remove(found: Found, location: MediaLocation): Promise<void> {
    if (location.kind === 'cache') {
      this.#deps.store.mediaDescriptions.delete(found.view.uniqueId);
      if (found.fileName) await this.#deps.files.delete(found.fileName);
    } else {
      await deleteCuratedRecord(
        location.configDir,
        found.view.uniqueId,
        found.curated?.record.mediaFile ?? null,
      );
    }
  }

  /** A copy's file name: the id with the stored file's extension. */
  #fileName(found: Found): string {
    return `${found.view.uniqueId}${found.fileName ? extname(found.fileName) : '.bin'}`;
  }

  #requireConfigDir(configDir: string): void {
    if (!this.#deps.curated.configDirs.includes(configDir)) {
      throw new MediaEditError('invalid', `${configDir} is not one of the config directories.`);
    }
  }

  async #afterWrite(
    uniqueId: string,
    location: MediaLocation,
    options: { announced: boolean } = { announced: false },
  ): Promise<MediaRecordView> {
    if (location.kind === 'curated') await this.#deps.reloadCurated();
    if (!options.announced) this.#deps.onChanged([uniqueId]);
    const view = this.get(uniqueId).find((candidate) => sameLocation(candidate.location, location));
    if (!view) throw new MediaEditError('not_found', `The record ${uniqueId} is gone.`);
    return view;
  }
}
