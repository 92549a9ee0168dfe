import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { ArchiveIndexQueue } from './archive-index-queue';
import {
  ARCHIVE_COLUMNS,
  type ArchivedMessage,
  type ArchivedMessageRow,
  type ArchiveIndex,
  toArchivedMessageRecord,
} from './archive-repository';
import type { SqliteDatabase } from './migrations/migration';

/** A message of the chat that matched a recall query, with its BM25 rank (lower is better). */
export interface RecallMatch {
  message: ArchivedMessage;
  rank: number;
}

/** Send times bounding a search: ISO-8601 UTC, `from` inclusive, `to` exclusive. */
export interface SentPeriod {
  from: string;
  to: string;
}

export interface RecallSearch {
  index: ArchiveIndex;
  /** An FTS5 expression over the message text, built by the caller with each term quoted. */
  expression: string;
  /** Only messages with a lower id (the prompt shows the rest). */
  beforeMessageId?: number | undefined;
  /** Only messages sent in this period. */
  period?: SentPeriod | undefined;
  limit: number;
}

const PREFIXED_COLUMNS = ARCHIVE_COLUMNS.split(', ')
  .map((column) => `m.${column}`)
  .join(', ');

/**
 * The token migration 008 indexes each message's chat under (`scope`): the hex of
 * "agent network channel", as SQLite's hex() spells it (UTF-8, upper case).
 */
export function chatScopeToken(conversation: ConversationKey): string {
  const key = `${conversation.agent} ${conversation.network} ${conversation.channelId}`;
  return `k${Buffer.from(key, 'utf8').toString('hex').toUpperCase()}`;
}

const NO_LIMIT_ID = Number.MAX_SAFE_INTEGER;
const ALL_TIME: SentPeriod = { from: '', to: '\uffff' };

// Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
function searchStatement(db: SqliteDatabase, index: string) {
  return db.prepare<
    { query: string; before: number; from: string; to: string; limit: number },
    ArchivedMessageRow & { rank: number }
  >(
    `SELECT ${PREFIXED_COLUMNS}, bm25(${index}, 1.0, 0.0) AS rank
     FROM ${index} JOIN archive_messages m ON m.rowid = ${index}.rowid
     WHERE ${index} MATCH @query AND m.deleted_at IS NULL AND m.message_id < @before
       AND m.sent_at >= @from AND m.sent_at < @to
     ORDER BY rank LIMIT +@limit`,
  );
}

function latestStatement(db: SqliteDatabase, index: string) {
  return db.prepare<{ query: string; before: number; limit: number }, ArchivedMessageRow & { rank: number }>(
    `SELECT ${PREFIXED_COLUMNS}, 0 AS rank
     FROM ${index} JOIN archive_messages m ON m.rowid = ${index}.rowid
     WHERE ${index} MATCH @query AND m.deleted_at IS NULL AND m.message_id < @before
     ORDER BY ${index}.rowid DESC LIMIT +@limit`,
  );
}

function countStatement(db: SqliteDatabase, index: string) {
  return db.prepare<{ query: string; cap: number }, { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${index} WHERE ${index} MATCH @query LIMIT +@cap)`,
  );
}

/**
 * The archive as memory recall reads it: one chat's full-text matches (through the chat token of
 * migration 008, so a search costs the chat's hits, not the archive's), how common a word is, and
 * a chat's messages by send time or id range. Deleted messages are left out everywhere. A search
 * first indexes the chat's queued messages it could find (migration 027); word counts may lag
 * the queue by a second.
 */
export class ArchiveRecallRepository {
  readonly #search: Record<ArchiveIndex, ReturnType<typeof searchStatement>>;
  readonly #latest: Record<ArchiveIndex, ReturnType<typeof latestStatement>>;
  readonly #count: Record<ArchiveIndex, ReturnType<typeof countStatement>>;
  readonly #size;
  readonly #anyBefore;
  readonly #inPeriod;
  readonly #idsBetween;
  readonly #indexQueue: ArchiveIndexQueue;

  /** `indexQueue` is the store's queue of archived messages waiting for the indexes. */
  constructor(db: SqliteDatabase, indexQueue: ArchiveIndexQueue) {
    this.#indexQueue = indexQueue;
    this.#search = {
      words: searchStatement(db, 'archive_words'),
      stems: searchStatement(db, 'archive_stems'),
    };
    this.#latest = {
      words: latestStatement(db, 'archive_words'),
      stems: latestStatement(db, 'archive_stems'),
    };
    this.#count = { words: countStatement(db, 'archive_words'), stems: countStatement(db, 'archive_stems') };
    this.#size = db.prepare<[], { n: number | null }>('SELECT max(rowid) AS n FROM archive_messages');
    const chat = 'agent = +@agent AND network = +@network AND channel_id = +@channelId';
    this.#anyBefore = db.prepare<
      { agent: string; network: string; channelId: number; before: number },
      { found: number }
    >(
      `SELECT 1 AS found FROM archive_messages WHERE ${chat} AND message_id < @before AND deleted_at IS NULL LIMIT 1`,
    );
    this.#inPeriod = db.prepare<
      {
        agent: string;
        network: string;
        channelId: number;
        from: string;
        to: string;
        before: number;
        limit: number;
      },
      ArchivedMessageRow
    >(
      `SELECT ${ARCHIVE_COLUMNS} FROM archive_messages INDEXED BY archive_messages_by_time
       WHERE ${chat} AND sent_at >= @from AND sent_at < @to AND message_id < @before AND deleted_at IS NULL
       ORDER BY sent_at LIMIT +@limit`,
    );
    this.#idsBetween = db.prepare<
      { agent: string; network: string; channelId: number; min: number; max: number; limit: number },
      { message_id: number }
    >(
      `SELECT message_id FROM archive_messages
       WHERE ${chat} AND message_id BETWEEN @min AND @max AND deleted_at IS NULL
       ORDER BY message_id LIMIT +@limit`,
    );
  }

  /**
   * Indexes the archive's queue first when it holds a message of the chat before
   * `beforeMessageId` (any at all without it): everything a search of the chat could find, and
   * every word count it weighs, then includes the chat's older messages. Searches call it.
   */
  makeSearchable(conversation: ConversationKey, beforeMessageId: number | undefined): void {
    this.#indexQueue.indexPendingOf(conversation, beforeMessageId ?? NO_LIMIT_ID);
  }

  /** The chat's messages matching `search.expression`, best first. */
  search(conversation: ConversationKey, search: RecallSearch): RecallMatch[] {
    const period = search.period ?? ALL_TIME;
    const before = search.beforeMessageId ?? NO_LIMIT_ID;
    this.makeSearchable(conversation, before);
    return this.#search[search.index]
      .all({
        query: `scope : "${chatScopeToken(conversation)}" AND text : (${search.expression})`,
        before,
        from: period.from,
        to: period.to,
        limit: search.limit,
      })
      .map((row) => ({ message: toArchivedMessageRecord(row), rank: row.rank }));
  }

  /**
   * The chat's latest archived messages matching `search.expression`, newest first, unranked:
   * the way to find common words, whose every match BM25 would rank first. Stops at `limit`.
   */
  latest(conversation: ConversationKey, search: Omit<RecallSearch, 'period'>): ArchivedMessage[] {
    const before = search.beforeMessageId ?? NO_LIMIT_ID;
    this.makeSearchable(conversation, before);
    return this.#latest[search.index]
      .all({
        query: `scope : "${chatScopeToken(conversation)}" AND text : (${search.expression})`,
        before,
        limit: search.limit,
      })
      .map(toArchivedMessageRecord);
  }

  /**
   * In how many archived messages (every agent and chat) an FTS5 phrase occurs, counting no
   * further than `cap`: what a common word costs to find grows with this count, so the caller
   * learns it cheaply and leaves such words out of a search.
   */
  documentCount(index: ArchiveIndex, phrase: string, cap: number): number {
    return this.#count[index].get({ query: `text : ${phrase}`, cap })!.n;
  }

  /** About how many messages the archive holds (its highest row id): cheap, for word statistics. */
  size(): number {
    return this.#size.get()?.n ?? 0;
  }

  /** Whether the chat has any message before `beforeMessageId` (any at all without it): anything to search. */
  hasMessagesBefore(conversation: ConversationKey, beforeMessageId: number | undefined): boolean {
    const found = this.#anyBefore.get({
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
      before: beforeMessageId ?? NO_LIMIT_ID,
    });
    return found !== undefined;
  }

  /** The chat's messages sent in the period, oldest first, at most `limit`. */
  inPeriod(
    conversation: ConversationKey,
    period: SentPeriod,
    options: { beforeMessageId?: number | undefined; limit: number },
  ): ArchivedMessage[] {
    return this.#inPeriod
      .all({
        agent: conversation.agent,
        network: conversation.network,
        channelId: conversation.channelId,
        from: period.from,
        to: period.to,
        before: options.beforeMessageId ?? NO_LIMIT_ID,
        limit: options.limit,
      })
      .map(toArchivedMessageRecord);
  }

  /** The ids of the chat's archived messages from `min` to `max` (inclusive), at most `limit`. */
  idsBetween(conversation: ConversationKey, min: number, max: number, limit: number): number[] {
    return this.#idsBetween
      .all({
        agent: conversation.agent,
        network: conversation.network,
        channelId: conversation.channelId,
        min,
        max,
        limit,
      })
      .map((row) => row.message_id);
  }
}
