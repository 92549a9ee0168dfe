import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logging';
import type { SqliteDatabase } from './database';

/** How often the worker copies the write-ahead log into the database file. */
const DEFAULT_INTERVAL_MS = 1_000;
/** How long a stop waits for the worker's last checkpoint before ending it. */
const STOP_TIMEOUT_MS = 5_000;
/** SQLite's own threshold (pages), restored when the worker cannot run. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

interface WorkerData {
  modulePath: string;
  file: string;
  intervalMs: number;
}

/**
 * The worker's whole program, as source text (a bundler rewrites `require` in functions it sees):
 * a second connection to the database runs a passive checkpoint on a timer, and once more when
 * told to stop. It reads `workerData` ({ modulePath, file, intervalMs }).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
parentPort.postMessage({ ready: true });
`;

export interface WalCheckpointerOptions {
  /** The database file the runtime's connection has open (not ':memory:'). */
  file: string;
  logger: Logger;
  intervalMs?: number;
}

/**
 * Moves SQLite's write-ahead-log checkpoints off the runtime's thread. By default the connection
 * that commits checkpoints once the log passes 1,000 pages, inside that commit: it copies the
 * pages and syncs the file, which stalls every conversation for several milliseconds. Here the
 * runtime's connection never checkpoints, and a worker thread with a connection of its own runs
 * passive checkpoints (they never block the runtime's writes) every second. Should the worker
 * fail, the runtime's connection checkpoints by itself again, so the log never grows unbounded.
 */
export class WalCheckpointer {
  readonly #db: SqliteDatabase;
  readonly #worker: Worker;
  readonly #logger: Logger;
  readonly #exited: Promise<void>;

  private constructor(db: SqliteDatabase, worker: Worker, logger: Logger) {
    this.#db = db;
    this.#worker = worker;
    this.#logger = logger;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    // Checkpoints run every second: a failure that persists is told once, and again when it changes.
    let lastFailure: string | null = null;
    worker.on('message', (message: { failed?: string }) => {
      if (!message.failed || message.failed === lastFailure) return;
      lastFailure = message.failed;
      logger.warn({ reason: message.failed }, 'a background WAL checkpoint failed');
    });
    worker.on('error', (error) => this.#fallBack(error));
  }

  /** Starts the worker; resolves once its connection is open. On failure the connection keeps checkpointing. */
  static async start(db: SqliteDatabase, options: WalCheckpointerOptions): Promise<WalCheckpointer | null> {
    const logger = options.logger.child({ module: 'wal-checkpointer' });
    const workerData: WorkerData = {
      modulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: options.file,
      intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
    };
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData,
      // A connection and a timer: a small heap is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the checkpoint worker exited (code ${code})`)));
      });
    } catch (error) {
      logger.warn(
        { err: error },
        'background WAL checkpoints are unavailable; the runtime checkpoints itself',
      );
      await worker.terminate();
      return null;
    }
    worker.removeAllListeners();
    // Never what keeps a process alive: a runtime closed without stopping it loses nothing (the
    // log stays, and the next open reads it).
    worker.unref();
    db.pragma('wal_autocheckpoint = 0');
    return new WalCheckpointer(db, worker, logger);
  }

  /** Runs a last checkpoint and ends the worker (terminating it if that takes too long). */
  async stop(): Promise<void> {
    this.#worker.postMessage('stop');
    const timeout = setTimeout(() => void this.#worker.terminate(), STOP_TIMEOUT_MS);
    await this.#exited;
    clearTimeout(timeout);
    this.#restoreAutoCheckpoint();
  }

  #fallBack(error: Error): void {
    this.#logger.warn({ err: error }, 'the WAL checkpoint worker failed; the runtime checkpoints itself');
    this.#restoreAutoCheckpoint();
  }

  #restoreAutoCheckpoint(): void {
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }
}
