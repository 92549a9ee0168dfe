import type { ArchiveIndexQueue } from './archive-index-queue';
import type { SqliteDatabase } from './migrations/migration';

/**
 * Every table that keys rows by an agent's config name, with the column that holds it. Listed
 * by hand so that renaming or deleting an agent says exactly what it touches; a unit test reads
 * the migrated schema and fails when a table with such a column is missing here.
 */
export const AGENT_NAME_COLUMNS = [
  { table: 'agent_state', column: 'config_name' },
  { table: 'agent_steering', column: 'agent_config_name' },
  { table: 'telegram_sessions', column: 'config_name' },
  { table: 'task_log', column: 'agent_config_name' },
  { table: 'task_graphs', column: 'agent' },
  { table: 'task_nodes', column: 'agent' },
  { table: 'outbound_sends', column: 'agent' },
  { table: 'conversation_settings', column: 'agent' },
  { table: 'conversation_read_marks', column: 'agent' },
  { table: 'telegram_chat_titles', column: 'agent' },
  { table: 'llm_exchange_history', column: 'agent' },
  { table: 'memory_entries', column: 'agent' },
  { table: 'archive_messages', column: 'agent' },
  { table: 'conversation_summaries', column: 'agent' },
  { table: 'memory_facts', column: 'agent' },
  { table: 'memory_extraction_marks', column: 'agent' },
  { table: 'session_summaries', column: 'agent' },
  { table: 'memory_profiles', column: 'agent' },
  { table: 'memory_work_marks', column: 'agent' },
  { table: 'sim_people', column: 'agent' },
  { table: 'sim_chats', column: 'agent' },
  { table: 'sim_members', column: 'agent' },
  { table: 'sim_messages', column: 'agent' },
  { table: 'sim_reactions', column: 'agent' },
  { table: 'sim_sent_keys', column: 'agent' },
  { table: 'sim_blocked', column: 'agent' },
  { table: 'sim_history_clears', column: 'agent' },
  { table: 'message_translations', column: 'agent' },
  { table: 'scheduled_events', column: 'agent' },
  { table: 'schedule_activities', column: 'agent' },
  { table: 'agent_schedules', column: 'agent' },
  { table: 'retrieved_documents', column: 'agent' },
] as const;

/**
 * Columns that copy an agent's name from rows of the tables above and are empty whenever an
 * agent's rows move or go (see `#inOneTransaction`): not the agent's data, so not counted.
 */
export const COPIED_AGENT_NAME_COLUMNS = [{ table: 'archive_unindexed', column: 'agent' }] as const;

/** The full-text indexes over the archive, whose chat token (`scope`) spells the agent's name. */
const ARCHIVE_INDEXES = ['archive_words', 'archive_stems'] as const;

/** The new name already has stored state (left by an earlier agent of that name); nothing moved. */
export class AgentRowsConflictError extends Error {
  override readonly name = 'AgentRowsConflictError';

  constructor(
    readonly configName: string,
    readonly tables: readonly string[],
  ) {
    super(
      `Troupe still keeps state of an earlier agent named "${configName}" (${tables.join(', ')}); choose another name, or create an agent named "${configName}" and delete it to clear that state.`,
    );
  }
}

/** How many rows each table held for the agent. */
export type AgentRowCounts = Record<string, number>;

/** An agent's rows across every table, moved to another config name or deleted, each in one transaction. */
export class AgentRowsRepository {
  readonly #db: SqliteDatabase;
  readonly #changed: () => void;
  readonly #archiveIndex: ArchiveIndexQueue;

  /**
   * `archiveIndex` is the store's queue of archived messages waiting for the indexes; `changed` is
   * told after rows moved or went, for repositories that keep rows in memory.
   */
  constructor(db: SqliteDatabase, archiveIndex: ArchiveIndexQueue, changed: () => void = () => {}) {
    this.#db = db;
    this.#changed = changed;
    this.#archiveIndex = archiveIndex;
  }

  /** The tables holding rows of the agent, with their counts (tables without any left out). */
  count(configName: string): AgentRowCounts {
    const counts: AgentRowCounts = {};
    for (const { table, column } of AGENT_NAME_COLUMNS) {
      const { rows } = this.#db
        .prepare<[string], { rows: number }>(`SELECT count(*) AS rows FROM ${table} WHERE ${column} = ?`)
        .get(configName)!;
      if (rows > 0) counts[table] = rows;
    }
    return counts;
  }

  /**
   * Moves every row of `from` to `to`, in one transaction: all or nothing. The archive's full-text
   * entries follow (their chat token names the agent), and its messages are marked for new
   * vectors, whose partition is that token too. Throws AgentRowsConflictError when `to` already
   * has rows. Returns the rows moved per table.
   */
  rename(from: string, to: string): AgentRowCounts {
    return this.#inOneTransaction(() => {
      const clash = Object.keys(this.count(to));
      if (clash.length > 0) throw new AgentRowsConflictError(to, clash);
      const moved = this.count(from);
      for (const index of ARCHIVE_INDEXES) {
        this.#db
          .prepare(
            `INSERT INTO ${index} (${index}, rowid, text, scope)
             SELECT 'delete', rowid, text, scope FROM archive_messages WHERE agent = ?`,
          )
          .run(from);
      }
      for (const { table, column } of AGENT_NAME_COLUMNS) {
        this.#db.prepare(`UPDATE ${table} SET ${column} = @to WHERE ${column} = @from`).run({ from, to });
      }
      for (const index of ARCHIVE_INDEXES) {
        this.#db
          .prepare(
            `INSERT INTO ${index} (rowid, text, scope) SELECT rowid, text, scope FROM archive_messages WHERE agent = ?`,
          )
          .run(to);
      }
      this.#db
        .prepare(
          `INSERT OR IGNORE INTO archive_embedding_stale (message_rowid)
           SELECT rowid FROM archive_messages WHERE agent = ? AND EXISTS (SELECT 1 FROM embedding_spaces)`,
        )
        .run(to);
      this.#changed();
      return moved;
    });
  }

  /** Deletes every row of the agent, in one transaction. Returns the rows deleted per table. */
  delete(configName: string): AgentRowCounts {
    return this.#inOneTransaction(() => {
      const deleted = this.count(configName);
      // The archive's triggers take its full-text entries and vectors along.
      for (const { table, column } of AGENT_NAME_COLUMNS) {
        this.#db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(configName);
      }
      this.#changed();
      return deleted;
    });
  }

  /**
   * Runs `work` in an immediate transaction whose foreign keys are checked at commit, so tables
   * that reference each other (chats and their messages, graphs and their tasks) can change one
   * after another, with the archive's index queue emptied.
   */
  #inOneTransaction<T>(work: () => T): T {
    return this.#db
      .transaction(() => {
        this.#db.pragma('defer_foreign_keys = ON');
        // Re-keying or deleting an archived row also changes its full-text entries, which a row
        // still queued for the indexes does not have yet: the queue is emptied first.
        this.#archiveIndex.indexPending();
        return work();
      })
      .immediate();
  }
}
