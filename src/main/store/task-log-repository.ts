import type { Statement } from 'better-sqlite3';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

/** How long task-log rows are kept, as in the original system. */
export const TASK_LOG_RETENTION_DAYS = 14;

/** The action kind of a cost-ledger row (an LLM call with its tokens and price). */
export const LEDGER_ACTION_KIND = 'llm_usage';

/** How long cost-ledger rows are kept: long enough for a year's spending, month by month. */
export const LEDGER_RETENTION_DAYS = 400;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The task kinds that send a message, and the one that reacts to one (as JSON lists for SQL). */
const SENDING_KINDS = JSON.stringify(['send', 'sticker', 'send_media']);
const REACTION_KINDS = JSON.stringify(['react']);

/** The instant before which task-log rows may be pruned. */
export function taskLogRetentionCutoff(now: Date, retentionDays = TASK_LOG_RETENTION_DAYS): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export type TaskLogDetails = Record<string, unknown>;

export interface NewTaskLogEntry {
  /** Defaults to now. */
  timestamp?: Date;
  agentConfigName: string;
  agentTelegramId?: number | null;
  /** The conversation's channel. */
  channelId?: number | null;
  /** The task kind, or 'llm_usage' for a cost-ledger row. */
  actionKind: string;
  taskIdentifier?: string | null;
  /** JSON-serialisable; for 'llm_usage': operation, model name, token counts, cost. */
  details?: TaskLogDetails;
  /** Set when the action failed. */
  failureMessage?: string | null;
}

export interface TaskLogEntry {
  id: number;
  /** UTC ISO-8601. */
  timestamp: string;
  agentConfigName: string;
  agentTelegramId: number | null;
  channelId: number | null;
  actionKind: string;
  taskIdentifier: string | null;
  details: TaskLogDetails;
  failureMessage: string | null;
}

export interface TaskLogQuery {
  /** Agent config name. */
  agent?: string;
  channelId?: number;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
  /** Only these action kinds; an empty list matches nothing. */
  kinds?: readonly string[];
  limit: number;
}

interface TaskLogRow {
  id: number;
  timestamp: string;
  agent_config_name: string;
  agent_telegram_id: number | null;
  channel_id: number | null;
  action_kind: string;
  task_identifier: string | null;
  details_json: string;
  failure_message: string | null;
}

interface QueryParameters {
  agent?: string;
  channelId?: number;
  since?: string;
  until?: string;
  kinds?: string;
  limit: number;
}

function toEntry(row: TaskLogRow): TaskLogEntry {
  return {
    id: row.id,
    timestamp: row.timestamp,
    agentConfigName: row.agent_config_name,
    agentTelegramId: row.agent_telegram_id,
    channelId: row.channel_id,
    actionKind: row.action_kind,
    taskIdentifier: row.task_identifier,
    details: JSON.parse(row.details_json) as TaskLogDetails,
    failureMessage: row.failure_message,
  };
}

/** The task log, which is also the LLM cost ledger. */
export class TaskLogRepository {
  readonly #db: SqliteDatabase;
  readonly #insert;
  readonly #deleteBefore;
  readonly #deleteLedgerBefore;
  readonly #appendListeners = new Set<(entry: TaskLogEntry) => void>();
  readonly #byMessage;
  readonly #plannedBy;
  /** One prepared statement per combination of filters, so each can use its index. */
  readonly #listStatements = new Map<string, Statement<QueryParameters, TaskLogRow>>();
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#db = db;
    this.#now = deps.now ?? systemNow;
    this.#insert = db.prepare<Omit<TaskLogRow, 'id'>, TaskLogRow>(
      `INSERT INTO task_log (timestamp, agent_config_name, agent_telegram_id, channel_id, action_kind,
         task_identifier, details_json, failure_message)
       VALUES (@timestamp, @agent_config_name, @agent_telegram_id, @channel_id, @action_kind,
         @task_identifier, @details_json, @failure_message)
       RETURNING *`,
    );
    this.#deleteBefore = db.prepare<[string]>(
      `DELETE FROM task_log WHERE timestamp < ? AND action_kind <> '${LEDGER_ACTION_KIND}'`,
    );
    this.#deleteLedgerBefore = db.prepare<[string]>(
      `DELETE FROM task_log WHERE action_kind = '${LEDGER_ACTION_KIND}' AND timestamp < ?`,
    );
    // Both kinds of row keep the message in `messageId`: the one sent, or the one reacted to.
    this.#byMessage = db.prepare<
      { agent: string; channelId: number; messageId: number; kinds: string },
      TaskLogRow
    >(
      `SELECT * FROM task_log
       WHERE agent_config_name = @agent AND channel_id = @channelId
         AND action_kind IN (SELECT value FROM json_each(@kinds)) AND failure_message IS NULL
         AND json_extract(details_json, '$.messageId') = @messageId
       ORDER BY id DESC LIMIT 1`,
    );
    this.#plannedBy = db.prepare<{ agent: string; channelId: number; origin: string }, TaskLogRow>(
      `SELECT * FROM task_log
       WHERE agent_config_name = @agent AND channel_id = @channelId
         AND json_extract(details_json, '$.origin') = @origin
       ORDER BY id`,
    );
  }

  /**
   * The tasks a turn planned, as last logged (a retried task's last attempt), in the order each
   * first ran; `origin` is the turn's task id.
   */
  plannedBy(agent: string, channelId: number, origin: string): TaskLogEntry[] {
    const latest = new Map<string, TaskLogEntry>();
    for (const row of this.#plannedBy.all({ agent, channelId, origin })) {
      latest.set(row.task_identifier ?? String(row.id), toEntry(row));
    }
    return [...latest.values()];
  }

  /** The entry of the task that sent a message (a text, sticker or file) in a chat; null when none is kept. */
  sentMessage(agent: string, channelId: number, messageId: number): TaskLogEntry | null {
    return this.#messageEntry(agent, channelId, messageId, SENDING_KINDS);
  }

  /** The entry of the agent's latest reaction to a message in a chat; null when none is kept. */
  reaction(agent: string, channelId: number, messageId: number): TaskLogEntry | null {
    return this.#messageEntry(agent, channelId, messageId, REACTION_KINDS);
  }

  #messageEntry(agent: string, channelId: number, messageId: number, kinds: string): TaskLogEntry | null {
    const row = this.#byMessage.get({ agent, channelId, messageId, kinds });
    return row ? toEntry(row) : null;
  }

  append(entry: NewTaskLogEntry): TaskLogEntry {
    const row = this.#insert.get({
      timestamp: (entry.timestamp ?? this.#now()).toISOString(),
      agent_config_name: entry.agentConfigName,
      agent_telegram_id: entry.agentTelegramId ?? null,
      channel_id: entry.channelId ?? null,
      action_kind: entry.actionKind,
      task_identifier: entry.taskIdentifier ?? null,
      details_json: JSON.stringify(entry.details ?? {}),
      failure_message: entry.failureMessage ?? null,
    });
    const stored = toEntry(row!);
    for (const listener of this.#appendListeners) listener(stored);
    return stored;
  }

  /**
   * Calls `listener` with each entry as it is appended (inside the caller's transaction, if any),
   * so the runtime can announce new ledger rows; returns the unsubscribe.
   */
  onAppend(listener: (entry: TaskLogEntry) => void): () => void {
    this.#appendListeners.add(listener);
    return () => this.#appendListeners.delete(listener);
  }

  /** Matching entries, newest first. */
  list(query: TaskLogQuery): TaskLogEntry[] {
    if (!Number.isInteger(query.limit) || query.limit < 1) {
      throw new RangeError(`Task log limit must be a positive integer, not ${query.limit}.`);
    }
    if (query.kinds?.length === 0) return [];
    const parameters: QueryParameters = { limit: query.limit };
    if (query.agent !== undefined) parameters.agent = query.agent;
    if (query.channelId !== undefined) parameters.channelId = query.channelId;
    if (query.since !== undefined) parameters.since = query.since.toISOString();
    if (query.until !== undefined) parameters.until = query.until.toISOString();
    if (query.kinds !== undefined) parameters.kinds = JSON.stringify(query.kinds);
    return this.#listStatement(parameters).all(parameters).map(toEntry);
  }

  /**
   * Deletes entries older than `cutoff` but the cost ledger's, which outlive them (see
   * `pruneLedgerOlderThan`); returns how many. See `taskLogRetentionCutoff`.
   */
  pruneOlderThan(cutoff: Date): number {
    return this.#deleteBefore.run(cutoff.toISOString()).changes;
  }

  /** Deletes cost-ledger rows older than `cutoff`; returns how many. */
  pruneLedgerOlderThan(cutoff: Date): number {
    return this.#deleteLedgerBefore.run(cutoff.toISOString()).changes;
  }

  #listStatement(parameters: QueryParameters): Statement<QueryParameters, TaskLogRow> {
    const conditions: string[] = [];
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    if (parameters.agent !== undefined) conditions.push('agent_config_name = +@agent');
    if (parameters.channelId !== undefined) conditions.push('channel_id = +@channelId');
    if (parameters.since !== undefined) conditions.push('timestamp >= @since');
    if (parameters.until !== undefined) conditions.push('timestamp < @until');
    if (parameters.kinds !== undefined)
      conditions.push('action_kind IN (SELECT value FROM json_each(@kinds))');
    const shape = conditions.join(' AND ');
    let statement = this.#listStatements.get(shape);
    if (!statement) {
      const where = conditions.length > 0 ? `WHERE ${shape}` : '';
      statement = this.#db.prepare<QueryParameters, TaskLogRow>(
        `SELECT * FROM task_log ${where} ORDER BY timestamp DESC, id DESC LIMIT +@limit`,
      );
      this.#listStatements.set(shape, statement);
    }
    return statement;
  }
}
