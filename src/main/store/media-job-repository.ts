import type { MediaJob, MediaJobParams } from '../../shared/api/media-contract';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

interface Row {
  id: number;
  params_json: string;
  status: MediaJob['status'];
  total: number | null;
  done: number;
  kept: number;
  failed: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

function toJob(row: Row): MediaJob {
  return {
    id: row.id,
    params: JSON.parse(row.params_json) as MediaJobParams,
    status: row.status,
    total: row.total,
    done: row.done,
    kept: row.kept,
    failed: row.failed,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The media editor's long jobs and their progress (migration 013). */
export class MediaJobRepository {
  readonly #now: Now;
  readonly #insert;
  readonly #get;
  readonly #recent;
  readonly #unfinished;
  readonly #update;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#insert = db.prepare<{ kind: string; params: string; at: string }>(
      `INSERT INTO media_jobs (kind, params_json, status, created_at, updated_at)
       VALUES (@kind, @params, 'queued', @at, @at)`,
    );
    this.#get = db.prepare<[number], Row>('SELECT * FROM media_jobs WHERE id = ?');
    this.#recent = db.prepare<[number], Row>('SELECT * FROM media_jobs ORDER BY id DESC LIMIT ?');
    this.#unfinished = db.prepare<[], Row>(
      `SELECT * FROM media_jobs WHERE status IN ('queued', 'running') ORDER BY id`,
    );
    this.#update = db.prepare<
      Pick<Row, 'id' | 'status' | 'total' | 'done' | 'kept' | 'failed' | 'error' | 'updated_at'>
    >(
      `UPDATE media_jobs SET status = @status, total = @total, done = @done, kept = @kept, failed = @failed,
         error = @error, updated_at = @updated_at WHERE id = @id`,
    );
  }

  create(params: MediaJobParams): MediaJob {
    const id = Number(
      this.#insert.run({ kind: params.kind, params: JSON.stringify(params), at: this.#now().toISOString() })
        .lastInsertRowid,
    );
    return this.get(id)!;
  }

  get(id: number): MediaJob | null {
    const row = this.#get.get(id);
    return row ? toJob(row) : null;
  }

  recent(limit: number): MediaJob[] {
    return this.#recent.all(limit).map(toJob);
  }

  /** Jobs a stop interrupted or that never started, oldest first. */
  unfinished(): MediaJob[] {
    return this.#unfinished.all().map(toJob);
  }

  update(
    id: number,
    change: Partial<Pick<MediaJob, 'status' | 'total' | 'done' | 'kept' | 'failed' | 'error'>>,
  ): MediaJob {
    const job = this.get(id);
    if (!job) throw new Error(`There is no media job ${id}.`);
    const next = { ...job, ...change };
    this.#update.run({
      id,
      status: next.status,
      total: next.total,
      done: next.done,
      kept: next.kept,
      failed: next.failed,
      error: next.error,
      updated_at: this.#now().toISOString(),
    });
    return this.get(id)!;
  }
}
