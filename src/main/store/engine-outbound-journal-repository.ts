import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

const OUTBOUND_KINDS = ['text', 'sticker', 'media'] as const;
export type OutboundKind = (typeof OUTBOUND_KINDS)[number];

function isOutboundKind(kind: string): kind is OutboundKind {
  return (OUTBOUND_KINDS as readonly string[]).includes(kind);
}

/** One outbound message of a send, sticker or send_media task, journalled before it goes out. */
export interface OutboundSendEntry {
  idempotencyKey: string;
  taskId: string;
  kind: OutboundKind;
  createdAt: string;
  /** Null until the network confirmed the message. */
  messageId: number | null;
  sentAt: string | null;
}

interface JournalRow {
  idempotency_key: string;
  agent: string;
  network: string;
  channel_id: number;
  task_id: string;
  kind: string;
  created_at: string;
  message_id: number | null;
  sent_at: string | null;
}

function toEntry(row: JournalRow): OutboundSendEntry {
  return {
    idempotencyKey: row.idempotency_key,
    taskId: row.task_id,
    kind: isOutboundKind(row.kind) ? row.kind : 'text',
    createdAt: row.created_at,
    messageId: row.message_id,
    sentAt: row.sent_at,
  };
}

/**
 * The outbound-send journal that makes sends crash-safe: a task's idempotency key is written
 * (and committed) before the network call, and the message id after it. A task that finds its
 * entry without a message id was interrupted mid-send and sends again with the same key; the
 * network returns the first message instead of sending twice.
 */
export class EngineOutboundJournalRepository {
  readonly #select;
  readonly #insert;
  readonly #complete;
  readonly #deleteConversation;

  constructor(db: SqliteDatabase) {
    this.#select = db.prepare<[string, string, number, string], JournalRow>(
      'SELECT * FROM outbound_sends WHERE agent = ? AND network = ? AND channel_id = ? AND task_id = ?',
    );
    this.#insert = db.prepare<JournalRow>(
      `INSERT INTO outbound_sends (idempotency_key, agent, network, channel_id, task_id, kind, created_at,
         message_id, sent_at)
       VALUES (@idempotency_key, @agent, @network, @channel_id, @task_id, @kind, @created_at,
         @message_id, @sent_at)`,
    );
    this.#complete = db.prepare<{ key: string; messageId: number; sentAt: string }>(
      'UPDATE outbound_sends SET message_id = @messageId, sent_at = @sentAt WHERE idempotency_key = @key',
    );
    this.#deleteConversation = db.prepare<[string, string, number]>(
      'DELETE FROM outbound_sends WHERE agent = ? AND network = ? AND channel_id = ?',
    );
  }

  find(conversation: ConversationKey, taskId: string): OutboundSendEntry | null {
    const row = this.#select.get(conversation.agent, conversation.network, conversation.channelId, taskId);
    return row ? toEntry(row) : null;
  }

  /** Journals a send about to happen. */
  begin(
    conversation: ConversationKey,
    entry: { taskId: string; kind: OutboundKind; idempotencyKey: string; at: Date },
  ): OutboundSendEntry {
    const row: JournalRow = {
      idempotency_key: entry.idempotencyKey,
      agent: conversation.agent,
      network: conversation.network,
      channel_id: conversation.channelId,
      task_id: entry.taskId,
      kind: entry.kind,
      created_at: entry.at.toISOString(),
      message_id: null,
      sent_at: null,
    };
    this.#insert.run(row);
    return toEntry(row);
  }

  /** Records the message the send produced. */
  complete(idempotencyKey: string, messageId: number, at: Date): void {
    this.#complete.run({ key: idempotencyKey, messageId, sentAt: at.toISOString() });
  }

  /** Forgets a conversation's entries once its graph is gone: no task can be interrupted any more. */
  deleteConversation(conversation: ConversationKey): number {
    return this.#deleteConversation.run(conversation.agent, conversation.network, conversation.channelId)
      .changes;
  }
}
