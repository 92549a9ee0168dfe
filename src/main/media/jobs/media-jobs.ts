import type { Network } from '../../../shared/api';
import type { MediaJob, MediaJobParams, MediaRecordView } from '../../../shared/api/media-contract';
import type { Logger } from '../../logging';
import type { MessagingPort } from '../../messaging/port';
import type { Store } from '../../store';
import type { MediaLibrary } from '../library/media-library';

/** The largest sticker file an import downloads (Telegram's stickers are far smaller). */
const MAX_STICKER_BYTES = 5 * 1024 * 1024;

export interface MediaJobsDeps {
  store: Pick<Store, 'mediaJobs'>;
  library: MediaLibrary;
  /** The network an import fetches a set through. */
  port: (network: Network) => Pick<MessagingPort, 'stickerSet' | 'downloadMedia'> | null;
  logger: Logger;
  onChanged: (job: MediaJob) => void;
}

/** One item of a job: done, left as it was ('kept': described already), or failed with a reason. */
type Step = () => Promise<'described' | 'imported' | 'kept'>;

class Cancelled extends Error {}

/** A record a model could still describe: none yet, and neither the operator nor its format settled it. */
function needsDescription(record: MediaRecordView): boolean {
  return !record.description?.trim() && record.status !== 'curated' && record.status !== 'unsupported';
}

/**
 * The media editor's long jobs, one at a time in the order started: importing a sticker set into
 * a config directory (each sticker downloaded, described and written as a curated record), and
 * describing every record of a directory (or of one set) that has no description. Progress is
 * kept in the store after each item; a job a stop interrupted starts again at the next start and
 * skips what it had done, since every step leaves what it finds done as it is.
 */
export class MediaJobs {
  readonly #deps: MediaJobsDeps;
  #running: Promise<void> | null = null;
  #current: { id: number; abort: AbortController } | null = null;
  #stopped = false;

  constructor(deps: MediaJobsDeps) {
    this.#deps = deps;
  }

  /** Carries on with the jobs a stop interrupted. */
  start(): void {
    this.#drain();
  }

  create(params: MediaJobParams): MediaJob {
    const job = this.#deps.store.mediaJobs.create(params);
    this.#deps.onChanged(job);
    this.#drain();
    return job;
  }

  recent(): MediaJob[] {
    return this.#deps.store.mediaJobs.recent(20);
  }

  cancel(id: number): MediaJob | null {
    const job = this.#deps.store.mediaJobs.get(id);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return job;
    if (this.#current?.id === id) this.#current.abort.abort(new Cancelled());
    return this.#update(id, { status: 'cancelled' });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current?.abort.abort(new Error('stopping'));
    await this.#running?.catch(() => {});
  }

  /** Resolves once no job is waiting or running (tests). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  #drain(): void {
    this.#running ??= (async () => {
      for (;;) {
        const [next] = this.#deps.store.mediaJobs.unfinished();
        if (!next || this.#stopped) return;
        await this.#run(next);
      }
    })().finally(() => {
      this.#running = null;
      // A job created as the loop ended would otherwise wait for the next one.
      if (!this.#stopped && this.#deps.store.mediaJobs.unfinished().length > 0) this.#drain();
    });
  }

  async #run(job: MediaJob): Promise<void> {
    const abort = new AbortController();
    this.#current = { id: job.id, abort };
    try {
      this.#update(job.id, { status: 'running', error: null });
      // Without a model every item would fail (or, imported, stay undescribed): say so at once.
      const unavailable = this.#deps.library.modelUnavailable();
      if (unavailable !== null) throw new Error(`The media model cannot be asked: ${unavailable}.`);
      const steps = await this.#steps(job.params, abort.signal);
      let { done, kept, failed } = this.#update(job.id, { total: steps.length, done: 0, kept: 0, failed: 0 });
      for (const step of steps) {
        if (abort.signal.aborted) throw abort.signal.reason;
        try {
          if ((await step()) === 'kept') kept += 1;
          else done += 1;
        } catch (error) {
          if (abort.signal.aborted) throw abort.signal.reason;
          failed += 1;
          this.#deps.logger.warn({ err: error, job: job.id }, 'a media job item failed');
        }
        this.#update(job.id, { done, kept, failed });
      }
      await this.#deps.library.refresh();
      // A cancel that came while the directories were read again stands.
      if (this.#deps.store.mediaJobs.get(job.id)?.status === 'running')
        this.#update(job.id, { status: 'done' });
    } catch (error) {
      if (error instanceof Cancelled) await this.#deps.library.refresh();
      // A stop leaves the job running: it carries on at the next start.
      else if (!this.#stopped) this.#update(job.id, { status: 'failed', error: (error as Error).message });
    } finally {
      this.#current = null;
    }
  }

  async #steps(params: MediaJobParams, signal: AbortSignal): Promise<Step[]> {
    const { library } = this.#deps;
    if (params.kind === 'describe-missing') {
      const { records } = library.list({
        location: params.location,
        filter: 'all',
        search: '',
        limit: 1_000_000,
      });
      return records
        .filter(
          (record) =>
            (params.setName === null || record.stickerSetName === params.setName) && needsDescription(record),
        )
        .map((record) => async () => {
          await library.redescribe(record.uniqueId, params.location, signal);
          return 'described' as const;
        });
    }
    const port = this.#deps.port(params.network);
    if (!port) throw new Error(`${params.network} is not available in this Troupe.`);
    const set = await port.stickerSet(params.agent, params.setName);
    if (!set) throw new Error(`There is no sticker set "${params.setName}".`);
    return set.stickers.map((sticker) => async () => {
      // Described already (imported before a restart, or curated anywhere): not downloaded again.
      if (library.isDescribed(sticker.uniqueId)) return 'kept';
      const bytes = await port.downloadMedia(
        params.agent,
        { kind: 'set-sticker', setName: set.setName, uniqueId: sticker.uniqueId },
        { maxBytes: MAX_STICKER_BYTES, signal },
      );
      if (!bytes) throw new Error(`The sticker ${sticker.uniqueId} could not be downloaded.`);
      return library.importSticker(params.configDir, sticker, bytes, signal);
    });
  }

  #update(id: number, change: Parameters<Store['mediaJobs']['update']>[1]): MediaJob {
    const job = this.#deps.store.mediaJobs.update(id, change);
    this.#deps.onChanged(job);
    return job;
  }
}
