import { ApiError } from '../../../src/shared/api/errors';
import type { MediaJob, MediaJobParams, MediaRecordView } from '../../../src/shared/api/media-contract';
import type { FakeMedia, FakeMediaRuntime } from './fake-media';

/** A record the model could still describe (the runtime's rule): none yet, and not settled. */
function needsDescription(record: MediaRecordView): boolean {
  return !record.description?.trim() && record.status !== 'curated' && record.status !== 'unsupported';
}

const sameLocation = (a: MediaRecordView['location'], b: MediaRecordView['location']) =>
  a.kind === 'cache' ? b.kind === 'cache' : b.kind === 'curated' && a.configDir === b.configDir;

/**
 * The fake runtime's media jobs (`media.startJob`, `media.jobs`, `media.cancelJob`), moved on
 * when the test says: `runNext` starts the oldest queued job (it lists its items, or fails as
 * the runtime's would), `step` does the running job's next item. Every change is announced as
 * `media.jobChanged`; items write records, announced as `media.changed`.
 */
export class FakeMediaJobs {
  jobs: MediaJob[] = [];
  readonly #runtime: FakeMediaRuntime;
  readonly #media: FakeMedia;
  /** The running job's items still to do. */
  #todo: Array<() => void> = [];
  #nextId = 1;

  constructor(runtime: FakeMediaRuntime, media: FakeMedia) {
    this.#runtime = runtime;
    this.#media = media;
  }

  start(params: MediaJobParams): MediaJob {
    if (params.kind === 'import-set' && !this.#media.configDirs.includes(params.configDir))
      throw new ApiError('invalid_input', `${params.configDir} is not one of the config directories.`);
    const at = this.#runtime.now.toISOString();
    const job: MediaJob = {
      id: this.#nextId++,
      params,
      status: 'queued',
      total: null,
      done: 0,
      kept: 0,
      failed: 0,
      error: null,
      createdAt: at,
      updatedAt: at,
    };
    this.jobs.push(job);
    this.#runtime.emit('media.jobChanged', { job });
    return job;
  }

  /** The latest 20, newest first. */
  recent(): MediaJob[] {
    return [...this.jobs].reverse().slice(0, 20);
  }

  cancel(id: number): MediaJob {
    const job = this.#job(id);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (job.status === 'running') this.#todo = [];
    return this.#update(id, { status: 'cancelled' });
  }

  /** The oldest queued job starts: it counts its items, or fails without any. */
  runNext(): MediaJob {
    const next = this.jobs.find((job) => job.status === 'queued');
    if (!next) throw new Error('No media job is queued.');
    if (this.jobs.some((job) => job.status === 'running')) throw new Error('A media job is running already.');
    const { params } = next;
    this.#update(next.id, { status: 'running' });
    try {
      this.#todo = params.kind === 'describe-missing' ? this.#toDescribe(params) : this.#toImport(params);
    } catch (error) {
      return this.#update(next.id, { status: 'failed', error: (error as Error).message });
    }
    const job = this.#update(next.id, { total: this.#todo.length });
    return this.#todo.length === 0 ? this.#update(job.id, { status: 'done' }) : job;
  }

  /** The running job's next item: done, or failed when told; the job is done after its last. */
  step(options: { fail?: boolean } = {}): MediaJob {
    const job = this.jobs.find((candidate) => candidate.status === 'running');
    const item = this.#todo.shift();
    if (!job || !item) throw new Error('No media job has an item left.');
    if (!options.fail) item();
    const moved = this.#update(job.id, options.fail ? { failed: job.failed + 1 } : { done: job.done + 1 });
    return this.#todo.length === 0 ? this.#update(job.id, { status: 'done' }) : moved;
  }

  #toDescribe(params: Extract<MediaJobParams, { kind: 'describe-missing' }>): Array<() => void> {
    return this.#media.records
      .filter(
        (record) =>
          sameLocation(record.location, params.location) &&
          (params.setName === null || record.stickerSetName === params.setName) &&
          needsDescription(record),
      )
      .map((record) => () => this.#media.describe(record));
  }

  #toImport(params: Extract<MediaJobParams, { kind: 'import-set' }>): Array<() => void> {
    if (params.network === 'telegram' && this.#runtime.disconnectedTelegramAgents.has(params.agent))
      throw new Error(`${params.agent} is not connected to Telegram.`);
    const stickers = this.#runtime.stickers.filter(
      (sticker) => sticker.setName.toLowerCase() === params.setName.toLowerCase(),
    );
    if (stickers.length === 0) throw new Error(`There is no sticker set "${params.setName}".`);
    return stickers.map((sticker) => () => this.#media.importSticker(params.configDir, sticker));
  }

  #job(id: number): MediaJob {
    const job = this.jobs.find((candidate) => candidate.id === id);
    if (!job) throw new ApiError('not_found', `There is no media job ${id}.`);
    return job;
  }

  #update(id: number, change: Partial<MediaJob>): MediaJob {
    const job = { ...this.#job(id), ...change, updatedAt: this.#runtime.now.toISOString() };
    this.jobs = this.jobs.map((candidate) => (candidate.id === id ? job : candidate));
    this.#runtime.emit('media.jobChanged', { job });
    return job;
  }
}
