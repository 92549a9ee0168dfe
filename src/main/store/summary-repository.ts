import { type ConversationKey, conversationKeyString } from '../../shared/domain/conversation-key';
import type { MemorySummary, SummaryOrigin } from '../../shared/domain/memory';
import type { SqliteDatabase } from './migrations/migration';
import { ReadCache } from './read-cache';

/** Conversations whose summaries are kept read: the ones turns run in lately. */
const CONVERSATIONS_KEPT = 2_000;

interface SummaryRow {
  id: string;
  content: string;
  min_message_id: number;
  max_message_id: number;
  first_message_date: string | null;
  last_message_date: string | null;
  created: string;
  origin: string;
}

function toSummary(row: SummaryRow): MemorySummary {
  return {
    id: row.id,
    content: row.content,
    minMessageId: row.min_message_id,
    maxMessageId: row.max_message_id,
    firstMessageDate: row.first_message_date,
    lastMessageDate: row.last_message_date,
    created: row.created,
    origin: row.origin as SummaryOrigin,
  };
}

/**
 * Summaries of each conversation (migration 007), in the order of the messages they cover. A turn
 * reads its conversation's twice (the prompt, and recall), and they change a few times a day, so
 * each conversation's are kept as read (see ReadCache) until a write here changes them.
 */
export class SummaryRepository {
  readonly #read: ReadCache<readonly MemorySummary[]>;
  readonly #list;
  readonly #get;
  readonly #upsert;
  readonly #delete;
  readonly #clear;
  readonly #highest;

  constructor(db: SqliteDatabase) {
    this.#read = new ReadCache(db, CONVERSATIONS_KEPT);
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    const key = 'agent = +@agent AND network = +@network AND channel_id = +@channelId';
    this.#list = db.prepare<ConversationKey, SummaryRow>(
      `SELECT * FROM conversation_summaries WHERE ${key} ORDER BY min_message_id, max_message_id, id`,
    );
    this.#get = db.prepare<ConversationKey & { id: string }, SummaryRow>(
      `SELECT * FROM conversation_summaries WHERE ${key} AND id = @id`,
    );
    this.#upsert = db.prepare<ConversationKey & SummaryRow & { updated_at: string }>(
      `INSERT INTO conversation_summaries (agent, network, channel_id, id, content, min_message_id,
         max_message_id, first_message_date, last_message_date, created, origin, updated_at)
       VALUES (@agent, @network, @channelId, @id, @content, @min_message_id, @max_message_id,
         @first_message_date, @last_message_date, @created, @origin, @updated_at)
       ON CONFLICT (agent, network, channel_id, id) DO UPDATE SET
         content = excluded.content, min_message_id = excluded.min_message_id,
         max_message_id = excluded.max_message_id, first_message_date = excluded.first_message_date,
         last_message_date = excluded.last_message_date, created = excluded.created,
         origin = excluded.origin, updated_at = excluded.updated_at`,
    );
    this.#delete = db.prepare<ConversationKey & { id: string }>(
      `DELETE FROM conversation_summaries WHERE ${key} AND id = @id`,
    );
    this.#clear = db.prepare<ConversationKey>(`DELETE FROM conversation_summaries WHERE ${key}`);
    this.#highest = db.prepare<ConversationKey, { highest: number | null }>(
      `SELECT max(max_message_id) AS highest FROM conversation_summaries WHERE ${key}`,
    );
  }

  list(conversation: ConversationKey): MemorySummary[] {
    const summaries = this.#read.read(conversationKeyString(conversation), () =>
      this.#list.all(conversation).map(toSummary),
    );
    // Copies, so a caller changing one cannot change what the next caller reads.
    return summaries.map((summary) => ({ ...summary }));
  }

  get(conversation: ConversationKey, id: string): MemorySummary | null {
    const row = this.#get.get({ ...conversation, id });
    return row ? toSummary(row) : null;
  }

  /** Creates the summary or replaces the one with its id; returns which. */
  put(conversation: ConversationKey, summary: MemorySummary, at: Date): 'created' | 'updated' {
    this.#read.forget(conversationKeyString(conversation));
    const existed = this.#get.get({ ...conversation, id: summary.id }) !== undefined;
    this.#upsert.run({
      ...conversation,
      id: summary.id,
      content: summary.content,
      min_message_id: summary.minMessageId,
      max_message_id: summary.maxMessageId,
      first_message_date: summary.firstMessageDate,
      last_message_date: summary.lastMessageDate,
      created: summary.created,
      origin: summary.origin,
      updated_at: at.toISOString(),
    });
    return existed ? 'updated' : 'created';
  }

  /** Returns whether the summary existed. */
  delete(conversation: ConversationKey, id: string): boolean {
    this.#read.forget(conversationKeyString(conversation));
    return this.#delete.run({ ...conversation, id }).changes > 0;
  }

  /** Drops every summary of the conversation; returns how many went. */
  clear(conversation: ConversationKey): number {
    this.#read.forget(conversationKeyString(conversation));
    return this.#clear.run(conversation).changes;
  }

  /** The highest message id any summary covers: messages up to it leave the prompt's history. */
  highestSummarizedId(conversation: ConversationKey): number | null {
    return this.#highest.get(conversation)?.highest ?? null;
  }
}
