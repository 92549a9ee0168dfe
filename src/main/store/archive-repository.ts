import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

/** One message as the archive keeps it. */
export interface ArchivedMessage {
  messageId: number;
  senderId: number | null;
  senderName: string | null;
  isAgent: boolean;
  replyTo: number | null;
  /** ISO-8601 UTC. */
  sentAt: string;
  editedAt: string | null;
  /** When the archive learnt the message was deleted; null while it stands. */
  deletedAt: string | null;
  /** What a search reads: the words, media descriptions and service events, in order. */
  text: string;
  /** The message's parts as the network gave them (JSON of `MessagePart[]`). */
  partsJson: string;
}

/** What writing a message takes: everything but the deletion mark. */
export type ArchivedMessageInput = Omit<ArchivedMessage, 'deletedAt'>;

/** Which of the two indexes a search reads: words as written, or their stems. */
export type ArchiveIndex = 'words' | 'stems';

/** A row of `archive_messages` as the repositories select it (`ARCHIVE_COLUMNS`). */
export interface ArchivedMessageRow {
  channel_id: number;
  message_id: number;
  sender_id: number | null;
  sender_name: string | null;
  is_agent: number;
  reply_to: number | null;
  sent_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  text: string;
  parts_json: string;
}

export function toArchivedMessageRecord(row: ArchivedMessageRow): ArchivedMessage {
  return {
    messageId: row.message_id,
    senderId: row.sender_id,
    senderName: row.sender_name,
    isAgent: row.is_agent === 1,
    replyTo: row.reply_to,
    sentAt: row.sent_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
    text: row.text,
    partsJson: row.parts_json,
  };
}

export const ARCHIVE_COLUMNS =
  'channel_id, message_id, sender_id, sender_name, is_agent, reply_to, sent_at, edited_at, deleted_at, text, parts_json';

/**
 * The conversation archive (migration 006): every message an agent saw or sent. Writes are
 * idempotent per message id: a message seen again changes its row only when its content did, so
 * history fetched every turn costs a lookup per message, not a rewrite of the index.
 */
export class ArchiveRepository {
  readonly #upsert;
  readonly #markDeleted;
  readonly #selectPage;
  readonly #selectAfter;
  readonly #count;
  readonly #chats;

  constructor(db: SqliteDatabase) {
    this.#upsert = db.prepare<Record<string, unknown>>(
      `INSERT INTO archive_messages (agent, network, channel_id, message_id, sender_id, sender_name,
         is_agent, reply_to, sent_at, edited_at, text, parts_json, archived_at)
       VALUES (@agent, @network, @channelId, @messageId, @senderId, @senderName, @isAgent, @replyTo,
         @sentAt, @editedAt, @text, @partsJson, @archivedAt)
       ON CONFLICT (agent, network, channel_id, message_id) DO UPDATE SET
         sender_id = excluded.sender_id, sender_name = excluded.sender_name,
         reply_to = excluded.reply_to, edited_at = excluded.edited_at, text = excluded.text,
         parts_json = excluded.parts_json
       WHERE text IS NOT excluded.text OR parts_json IS NOT excluded.parts_json
         OR edited_at IS NOT excluded.edited_at OR sender_name IS NOT excluded.sender_name`,
    );
    this.#markDeleted = db.prepare<{
      agent: string;
      network: string;
      channelId: number;
      messageId: number;
      at: string;
    }>(
      `UPDATE archive_messages SET deleted_at = @at
       WHERE agent = @agent AND network = @network AND channel_id = @channelId
         AND message_id = @messageId AND deleted_at IS NULL`,
    );
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    this.#selectAfter = db.prepare<
      { agent: string; network: string; channelId: number; after: number; limit: number },
      ArchivedMessageRow
    >(
      `SELECT ${ARCHIVE_COLUMNS} FROM archive_messages
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId AND message_id > @after
       ORDER BY message_id LIMIT +@limit`,
    );
    this.#selectPage = db.prepare<
      { agent: string; network: string; channelId: number; before: number; limit: number },
      ArchivedMessageRow
    >(
      `SELECT ${ARCHIVE_COLUMNS} FROM archive_messages
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId AND message_id < @before
       ORDER BY message_id DESC LIMIT +@limit`,
    );
    this.#count = db.prepare<{ agent: string; network: string; channelId: number }, { n: number }>(
      `SELECT count(*) AS n FROM archive_messages
       WHERE agent = @agent AND network = @network AND channel_id = @channelId`,
    );
    this.#chats = db.prepare<
      { agent: string; limit: number },
      { network: string; channel_id: number; messages: number }
    >(
      `SELECT network, channel_id, count(*) AS messages FROM archive_messages
       WHERE agent = @agent GROUP BY network, channel_id ORDER BY max(sent_at) DESC LIMIT @limit`,
    );
  }

  /** Writes each message, or brings its row up to date; call inside `store.transaction`. */
  put(conversation: ConversationKey, messages: readonly ArchivedMessageInput[], archivedAt: Date): void {
    const key = {
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
    };
    const at = archivedAt.toISOString();
    for (const message of messages) {
      this.#upsert.run({ ...key, ...message, isAgent: message.isAgent ? 1 : 0, archivedAt: at });
    }
  }

  /** Marks messages deleted; their rows stay, and searches no longer find them. */
  markDeleted(conversation: ConversationKey, messageIds: readonly number[], at: Date): void {
    const key = {
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
    };
    for (const messageId of messageIds) this.#markDeleted.run({ ...key, messageId, at: at.toISOString() });
  }

  /** The oldest `limit` messages of the chat newer than `afterMessageId`, oldest first. */
  after(conversation: ConversationKey, afterMessageId: number, limit: number): ArchivedMessage[] {
    return this.#selectAfter
      .all({
        agent: conversation.agent,
        network: conversation.network,
        channelId: conversation.channelId,
        after: afterMessageId,
        limit,
      })
      .map(toArchivedMessageRecord);
  }

  /** The newest `limit` messages of the chat older than `beforeMessageId`, oldest first. */
  page(
    conversation: ConversationKey,
    options: { beforeMessageId?: number; limit: number },
  ): ArchivedMessage[] {
    return this.#selectPage
      .all({
        agent: conversation.agent,
        network: conversation.network,
        channelId: conversation.channelId,
        before: options.beforeMessageId ?? Number.MAX_SAFE_INTEGER,
        limit: options.limit,
      })
      .reverse()
      .map(toArchivedMessageRecord);
  }

  count(conversation: ConversationKey): number {
    return this.#count.get({
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
    })!.n;
  }

  /** The agent's chats that have archived messages, the latest written in first, at most `limit`. */
  chats(agent: string, limit: number): { conversation: ConversationKey; messages: number }[] {
    return this.#chats.all({ agent, limit }).map((row) => ({
      conversation: { agent, network: row.network as ConversationKey['network'], channelId: row.channel_id },
      messages: row.messages,
    }));
  }
}
