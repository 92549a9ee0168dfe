import type { EventName, EventPayload } from '../../../src/shared/api/contract';
import { ApiError } from '../../../src/shared/api/errors';
import {
  type MediaFilter,
  type MediaJobParams,
  type MediaLocation,
  type MediaRecordView,
  mediaProcedures,
} from '../../../src/shared/api/media-contract';
import type { StickerRef } from '../../../src/shared/domain/conversation';
import { FakeMediaJobs } from './fake-media-jobs';
import { FakeMediaLibrary, type LibraryInput } from './fake-media-library';

type MediaProcedure = keyof typeof mediaProcedures;

export function isMediaProcedure(method: string): method is MediaProcedure {
  return Object.hasOwn(mediaProcedures, method);
}

/** What the fake media reads from the fake runtime around it. */
export interface FakeMediaRuntime {
  now: Date;
  agents: ReadonlyArray<{ config: { configName: string } }>;
  /** The sticker sets an import finds. */
  stickers: StickerRef[];
  disconnectedTelegramAgents: ReadonlySet<string>;
  emit<E extends Extract<EventName, `media.${string}`>>(name: E, payload: EventPayload<E>): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ANIMATED_MIME = new Set(['application/x-tgsticker', 'video/webm']);

/** A record as tests seed it: a sticker in the first config directory unless told otherwise. */
export function mediaRecord(uniqueId: string, overrides: Partial<MediaRecordView> = {}): MediaRecordView {
  return {
    uniqueId,
    kind: 'sticker',
    description: null,
    status: 'generated',
    failureReason: null,
    mimeType: 'image/webp',
    durationSeconds: null,
    stickerSetName: null,
    stickerSetTitle: null,
    stickerName: null,
    retryCount: 0,
    lastUsedAt: null,
    updatedAt: null,
    location: { kind: 'curated', configDir: '/config/samples' },
    effective: true,
    hasFile: true,
    fileSize: 1024,
    savedBy: [],
    ...overrides,
  };
}

const sameLocation = (a: MediaLocation, b: MediaLocation) =>
  a.kind === 'cache' ? b.kind === 'cache' : b.kind === 'curated' && a.configDir === b.configDir;

function isAnimated(record: MediaRecordView): boolean {
  if (record.kind === 'gif' || record.kind === 'animation') return true;
  return record.kind === 'sticker' && record.mimeType !== null && ANIMATED_MIME.has(record.mimeType);
}

function matchesFilter(record: MediaRecordView, filter: MediaFilter): boolean {
  const kinds: Record<Exclude<MediaFilter, 'all' | 'stickers' | 'animated'>, string> = {
    video: 'video',
    photos: 'photo',
    audio: 'audio',
    other: 'document',
  };
  if (filter === 'all') return true;
  if (filter === 'stickers') return record.kind === 'sticker' && !isAnimated(record);
  if (filter === 'animated') return isAnimated(record);
  return record.kind === kinds[filter];
}

function matchesSearch(record: MediaRecordView, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [
    record.uniqueId,
    record.stickerSetName,
    record.stickerSetTitle,
    record.stickerName,
    record.description,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The `media.*` procedures of the fake runtime over an array of records, with the runtime's
 * semantics: the first config directory's copy of an id wins over later ones and the cache's, a
 * description written goes into a config directory as a curated record, a record in an agent's
 * Saved Messages cannot be deleted, and every change is announced as `media.changed`. The media
 * model answers with `describeAnswer`; jobs (`jobs`) move on when the test says; the agents'
 * libraries are in `library`. Procedures it does not know answer `unavailable`.
 */
export class FakeMedia {
  records: MediaRecordView[] = [];
  configDirs = ['/config/samples', '/config/configdir'];
  describeAnswer = (record: MediaRecordView) => `Described again: ${record.uniqueId}`;
  readonly jobs: FakeMediaJobs;
  readonly library: FakeMediaLibrary;

  readonly #runtime: FakeMediaRuntime;

  constructor(runtime: FakeMediaRuntime) {
    this.#runtime = runtime;
    this.jobs = new FakeMediaJobs(runtime, this);
    this.library = new FakeMediaLibrary(runtime, this);
  }

  /** A cached description of a file, as the chain writes one in the background (announced). */
  describeInCache(uniqueId: string, description: string, kind: MediaRecordView['kind'] = 'photo'): void {
    this.#write(mediaRecord(uniqueId, { kind, description, location: { kind: 'cache' }, mimeType: null }));
  }

  /** The media model describes a record where it lives (announced). */
  describe(record: MediaRecordView): void {
    this.#write({ ...record, description: this.describeAnswer(record), status: 'generated' });
  }

  /** A set's sticker, described, written as a curated record of the directory (announced). */
  importSticker(configDir: string, sticker: StickerRef): void {
    const record = mediaRecord(sticker.uniqueId, {
      stickerSetName: sticker.setName,
      stickerSetTitle: sticker.setTitle,
      stickerName: sticker.name,
      location: { kind: 'curated', configDir },
    });
    this.#write({ ...record, description: this.describeAnswer(record) });
  }

  /** Seeds records (their `effective` is worked out here). */
  seed(...records: MediaRecordView[]): void {
    this.records.push(...records);
    this.#settle();
  }

  /** The record of `uniqueId` at `location`, as it stands. */
  at(uniqueId: string, location: MediaLocation): MediaRecordView | undefined {
    return this.records.find(
      (record) => record.uniqueId === uniqueId && sameLocation(record.location, location),
    );
  }

  answer(method: MediaProcedure, input: unknown): unknown {
    switch (method) {
      case 'media.directories':
        return {
          directories: [
            ...this.configDirs.map((configDir) => ({
              location: { kind: 'curated', configDir },
              label: configDir,
              count: this.records.filter(
                (r) => r.location.kind === 'curated' && r.location.configDir === configDir,
              ).length,
            })),
            {
              location: { kind: 'cache' },
              label: 'Description cache',
              count: this.records.filter((r) => r.location.kind === 'cache').length,
            },
          ],
        };
      case 'media.list': {
        const { location, filter, search, limit } = input as {
          location: MediaLocation | null;
          filter: MediaFilter;
          search: string;
          limit: number;
        };
        const found = this.records
          .filter((r) => location === null || sameLocation(r.location, location))
          .filter((r) => matchesFilter(r, filter) && matchesSearch(r, search))
          .sort(
            (a, b) =>
              (a.stickerSetName ?? '\uffff').localeCompare(b.stickerSetName ?? '\uffff') ||
              a.uniqueId.localeCompare(b.uniqueId),
          );
        return { records: found.slice(0, limit), total: found.length };
      }
      case 'media.get': {
        const { uniqueId } = input as { uniqueId: string };
        const records = this.records.filter((r) => r.uniqueId === uniqueId);
        if (records.length === 0) throw new ApiError('not_found', `No record describes ${uniqueId}.`);
        return { records: records.sort((a, b) => Number(b.effective) - Number(a.effective)) };
      }
      case 'media.setDescription': {
        const { uniqueId, description, configDir } = input as {
          uniqueId: string;
          description: string;
          configDir: string;
        };
        this.#requireConfigDir(configDir);
        const target: MediaLocation = { kind: 'curated', configDir };
        const source =
          this.at(uniqueId, target) ?? this.records.find((r) => r.uniqueId === uniqueId && r.effective);
        if (!source) throw new ApiError('not_found', `No record describes ${uniqueId}.`);
        return this.#write({
          ...source,
          description: description === '' ? null : description,
          status: 'curated',
          failureReason: null,
          location: target,
          updatedAt: this.#runtime.now.toISOString(),
        });
      }
      case 'media.describeAgain': {
        const { uniqueId, location } = input as { uniqueId: string; location: MediaLocation };
        const record = this.#require(uniqueId, location);
        if (!record.hasFile)
          throw new ApiError('unavailable', 'Its file is not at hand, so the model cannot look at it.');
        return this.#write({ ...record, description: this.describeAnswer(record), status: 'generated' });
      }
      case 'media.move': {
        const { uniqueId, from, to } = input as { uniqueId: string; from: MediaLocation; to: MediaLocation };
        if (to.kind !== 'curated')
          throw new ApiError(
            'invalid_input',
            'Records move into a config directory; the cache fills itself.',
          );
        this.#requireConfigDir(to.configDir);
        if (sameLocation(from, to))
          throw new ApiError('invalid_input', 'The record is in that directory already.');
        const record = this.#require(uniqueId, from);
        this.records = this.records.filter((r) => r !== record);
        return this.#write({ ...record, location: to });
      }
      case 'media.delete': {
        const { uniqueId, location } = input as { uniqueId: string; location: MediaLocation };
        const record = this.#require(uniqueId, location);
        if (record.savedBy.length > 0) {
          const who = record.savedBy.join(', ');
          throw new ApiError(
            'conflict',
            `${who} ${record.savedBy.length === 1 ? 'has' : 'have'} it in Saved Messages; remove it there first.`,
          );
        }
        this.records = this.records.filter((r) => r !== record);
        this.#settle();
        this.#runtime.emit('media.changed', { uniqueIds: [uniqueId] });
        return { deleted: true };
      }
      case 'media.removeUnused': {
        const { olderThanDays } = input as { olderThanDays: number };
        const cutoff = this.#runtime.now.getTime() - olderThanDays * DAY_MS;
        const unused = this.records.filter(
          (r) =>
            r.location.kind === 'cache' &&
            r.savedBy.length === 0 &&
            (r.lastUsedAt ?? r.updatedAt ?? '9999') < new Date(cutoff).toISOString(),
        );
        this.records = this.records.filter((r) => !unused.includes(r));
        this.#settle();
        if (unused.length > 0)
          this.#runtime.emit('media.changed', { uniqueIds: unused.map((r) => r.uniqueId) });
        return { removed: unused.length };
      }
      case 'media.startJob':
        return { job: this.jobs.start(input as MediaJobParams) };
      case 'media.jobs':
        return { jobs: this.jobs.recent() };
      case 'media.cancelJob':
        return { job: this.jobs.cancel((input as { id: number }).id) };
      case 'media.library':
        return this.library.list(input as LibraryInput);
      case 'media.addToLibrary':
        return this.library.add(input as Parameters<FakeMediaLibrary['add']>[0]);
      case 'media.removeFromLibrary':
        return this.library.remove(input as Parameters<FakeMediaLibrary['remove']>[0]);
      default:
        throw new ApiError('unavailable', `The fake media library has no ${method}.`);
    }
  }

  /** Puts the record in place of the copy at its location, and announces it. */
  #write(record: MediaRecordView): { record: MediaRecordView } {
    this.records = [
      ...this.records.filter(
        (r) => !(r.uniqueId === record.uniqueId && sameLocation(r.location, record.location)),
      ),
      record,
    ];
    this.#settle();
    this.#runtime.emit('media.changed', { uniqueIds: [record.uniqueId] });
    return { record: this.at(record.uniqueId, record.location)! };
  }

  /** Each id's effective copy: the first config directory's, else the cache's. */
  #settle(): void {
    const rank = (r: MediaRecordView) =>
      r.location.kind === 'cache' ? this.configDirs.length : this.configDirs.indexOf(r.location.configDir);
    const best = new Map<string, MediaRecordView>();
    for (const record of this.records) {
      const current = best.get(record.uniqueId);
      if (!current || rank(record) < rank(current)) best.set(record.uniqueId, record);
    }
    this.records = this.records.map((r) => ({ ...r, effective: best.get(r.uniqueId) === r }));
  }

  #require(uniqueId: string, location: MediaLocation): MediaRecordView {
    const record = this.at(uniqueId, location);
    if (!record) throw new ApiError('not_found', `There is no record of ${uniqueId} there.`);
    return record;
  }

  #requireConfigDir(configDir: string): void {
    if (!this.configDirs.includes(configDir))
      throw new ApiError('invalid_input', `${configDir} is not one of the config directories.`);
  }
}
