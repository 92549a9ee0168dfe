import { getLoadablePath } from 'sqlite-vec';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import { chatScopeToken } from './archive-recall-repository';
import { type ArchivedMessage, type ArchivedMessageRow, toArchivedMessageRecord } from './archive-repository';
import type { SqliteDatabase } from './migrations/migration';

/**
 * Message vectors, stored with sqlite-vec (migration 011). sqlite-vec was chosen because it is
 * the vector store that lives where the archive lives: a loadable SQLite extension with prebuilt
 * binaries for Linux, macOS and Windows, no server, no index to rebuild, writes in the archive's
 * transactions; its `vec0` tables keep a partition per chat (the chat token of migration 008), so
 * a nearest-neighbour search reads one chat's vectors, not the archive's. It is loaded into the
 * connection on first use; where it cannot be (a platform without its binary), vectors are off and
 * recall keeps to words.
 */

export interface EmbeddingSpace {
  id: number;
  /** `provider:model`. */
  model: string;
  dimensions: number;
  /** The highest archive row id embedded. */
  embeddedThrough: number;
}

/** An archived message waiting for its vector. */
export interface PendingMessage {
  rowid: number;
  scope: string;
  text: string;
}

export interface NearMessage {
  message: ArchivedMessage;
  /** Cosine distance: 0 the same direction, 2 the opposite. */
  distance: number;
}

interface SpaceRow {
  id: number;
  model: string;
  dimensions: number;
  embedded_through: number;
}

const toSpace = (row: SpaceRow): EmbeddingSpace => ({
  id: row.id,
  model: row.model,
  dimensions: row.dimensions,
  embeddedThrough: row.embedded_through,
});

const vectorTable = (space: EmbeddingSpace) => `archive_vectors_${space.id}`;

/** Where the extension is, also when the app is packed in an asar archive (it is unpacked beside it). */
function loadablePath(): string {
  return getLoadablePath().replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

type VectorStatements = ReturnType<typeof vectorStatements>;

function vectorStatements(db: SqliteDatabase, table: string) {
  return {
    remove: db.prepare<[bigint]>(`DELETE FROM ${table} WHERE rowid = ?`),
    insert: db.prepare<[bigint, string, Float32Array]>(
      `INSERT INTO ${table} (rowid, scope, embedding) VALUES (?, ?, ?)`,
    ),
    nearest: db.prepare<[Float32Array, string, bigint, number], ArchivedMessageRow & { distance: number }>(
      `SELECT m.*, v.distance FROM (
         SELECT rowid, distance FROM ${table} WHERE embedding MATCH ? AND scope = ? AND k = ?) v
       JOIN archive_messages m ON m.rowid = v.rowid
       WHERE m.deleted_at IS NULL AND m.message_id < ?
       ORDER BY v.distance`,
    ),
  };
}

export class ArchiveVectorRepository {
  readonly #db: SqliteDatabase;
  #loaded: { ok: true } | { ok: false; reason: string } | null = null;
  readonly #space;
  readonly #insertSpace;
  readonly #advance;
  readonly #pending;
  readonly #stale;
  readonly #unstale;
  readonly #statements = new Map<number, VectorStatements>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#space = db.prepare<{ model: string }, SpaceRow>(
      'SELECT * FROM embedding_spaces WHERE model = @model',
    );
    this.#insertSpace = db.prepare<{ model: string; dimensions: number; at: string }>(
      'INSERT INTO embedding_spaces (model, dimensions, created_at) VALUES (@model, @dimensions, @at)',
    );
    this.#advance = db.prepare<{ id: number; through: number }>(
      'UPDATE embedding_spaces SET embedded_through = max(embedded_through, @through) WHERE id = @id',
    );
    this.#pending = db.prepare<
      { after: number; limit: number },
      { rowid: number; scope: string; text: string }
    >(
      `SELECT rowid, scope, text FROM archive_messages
       WHERE rowid > @after AND deleted_at IS NULL AND trim(text) != '' ORDER BY rowid LIMIT @limit`,
    );
    this.#stale = db.prepare<{ limit: number }, { rowid: number; scope: string | null; text: string | null }>(
      `SELECT s.message_rowid AS rowid, m.scope, m.text FROM archive_embedding_stale s
       LEFT JOIN archive_messages m
         ON m.rowid = s.message_rowid AND m.deleted_at IS NULL AND trim(m.text) != ''
       ORDER BY s.message_rowid LIMIT @limit`,
    );
    this.#unstale = db.prepare<{ rowid: number }>(
      'DELETE FROM archive_embedding_stale WHERE message_rowid = @rowid',
    );
  }

  /** Whether sqlite-vec is loaded into this connection (loading it on first ask), and why not. */
  availability(): { ok: true } | { ok: false; reason: string } {
    if (this.#loaded === null) {
      try {
        this.#db.loadExtension(loadablePath());
        this.#loaded = { ok: true };
      } catch (error) {
        this.#loaded = { ok: false, reason: (error as Error).message };
      }
    }
    return this.#loaded;
  }

  /** The space's statements, prepared once (its table exists, and sqlite-vec is loaded). */
  #vectors(space: EmbeddingSpace): VectorStatements {
    let statements = this.#statements.get(space.id);
    if (!statements) {
      statements = vectorStatements(this.#db, vectorTable(space));
      this.#statements.set(space.id, statements);
    }
    return statements;
  }

  space(model: string): EmbeddingSpace | null {
    const row = this.#space.get({ model });
    return row ? toSpace(row) : null;
  }

  /** Registers the model's space and makes its vector table. */
  createSpace(model: string, dimensions: number, at: Date): EmbeddingSpace {
    return this.#db.transaction(() => {
      this.#insertSpace.run({ model, dimensions, at: at.toISOString() });
      const space = this.space(model)!;
      this.#db.exec(
        `CREATE VIRTUAL TABLE ${vectorTable(space)} USING vec0(
           scope TEXT PARTITION KEY, embedding FLOAT[${space.dimensions}] distance_metric=cosine)`,
      );
      return space;
    })();
  }

  /**
   * Messages to embed next: edited ones first, and deleted (or emptied) ones, whose vector only
   * goes; then those past the space's watermark, oldest first. Without a space yet, only these.
   */
  pending(
    space: EmbeddingSpace | null,
    limit: number,
  ): { stale: PendingMessage[]; gone: number[]; fresh: PendingMessage[] } {
    const staleRows = space === null ? [] : this.#stale.all({ limit });
    const stale = staleRows.flatMap((row) =>
      row.text === null || row.scope === null ? [] : [{ rowid: row.rowid, scope: row.scope, text: row.text }],
    );
    const gone = staleRows.filter((row) => row.text === null).map((row) => row.rowid);
    const fresh = this.#pending.all({ after: space?.embeddedThrough ?? 0, limit: limit - staleRows.length });
    return { stale, gone, fresh };
  }

  /**
   * Stores vectors (replacing any the messages had), drops those of `gone`, clears their stale
   * marks and moves the watermark to `through`, in one transaction.
   */
  store(
    space: EmbeddingSpace,
    vectors: readonly { rowid: number; scope: string; vector: Float32Array }[],
    options: { gone: readonly number[]; stale: readonly number[]; through: number },
  ): void {
    const { remove, insert } = this.#vectors(space);
    this.#db.transaction(() => {
      for (const rowid of [...options.gone, ...options.stale]) {
        remove.run(BigInt(rowid));
        this.#unstale.run({ rowid });
      }
      for (const { rowid, scope, vector } of vectors) {
        remove.run(BigInt(rowid));
        insert.run(BigInt(rowid), scope, vector);
      }
      this.#advance.run({ id: space.id, through: options.through });
    })();
  }

  /** The chat's `k` messages nearest to `vector` (older than `beforeMessageId`, not deleted), nearest first. */
  nearest(
    space: EmbeddingSpace,
    conversation: ConversationKey,
    vector: Float32Array,
    options: { k: number; beforeMessageId?: number | undefined },
  ): NearMessage[] {
    const rows = this.#vectors(space).nearest.all(
      vector,
      chatScopeToken(conversation),
      BigInt(options.k),
      options.beforeMessageId ?? Number.MAX_SAFE_INTEGER,
    );
    return rows.map((row) => ({ message: toArchivedMessageRecord(row), distance: row.distance }));
  }
}
