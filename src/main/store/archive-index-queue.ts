import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

/**
 * The archived messages not yet in the full-text indexes (migration 027): a new message is
 * queued, and indexed with the others in one transaction, so each index writes one segment for
 * many messages instead of one per message.
 */
export class ArchiveIndexQueue {
  readonly #indexAll;
  readonly #anyQueued;
  readonly #queuedInChat;

  constructor(db: SqliteDatabase) {
    const indexInto = (index: string) =>
      db.prepare(
        `INSERT INTO ${index} (rowid, text, scope)
         SELECT m.rowid, m.text, m.scope FROM archive_unindexed q
         JOIN archive_messages m ON m.rowid = q.message_rowid ORDER BY q.message_rowid`,
      );
    const words = indexInto('archive_words');
    const stems = indexInto('archive_stems');
    const clear = db.prepare('DELETE FROM archive_unindexed');
    // Immediate, as the store's own transactions: the write lock is taken (or waited for) up front.
    const indexAll = db.transaction(() => {
      words.run();
      stems.run();
      return clear.run().changes;
    });
    this.#indexAll = () => indexAll.immediate();
    this.#anyQueued = db.prepare<[], { found: number }>('SELECT 1 AS found FROM archive_unindexed LIMIT 1');
    this.#queuedInChat = db.prepare<
      { agent: string; network: string; channelId: number; before: number },
      { found: number }
    >(
      `SELECT 1 AS found FROM archive_unindexed
       WHERE agent = @agent AND network = @network AND channel_id = @channelId AND message_id < @before
       LIMIT 1`,
    );
  }

  /** Indexes every queued message; returns how many there were. */
  indexPending(): number {
    if (this.#anyQueued.get() === undefined) return 0;
    return this.#indexAll();
  }

  /**
   * Indexes the queue first if it holds a message of the chat before `beforeMessageId`: what a
   * search of that chat could find must be in the indexes. The queue is a second of messages at
   * most, and holds each one's chat, so looking through it costs little.
   */
  indexPendingOf(conversation: ConversationKey, beforeMessageId: number): void {
    const queued = this.#queuedInChat.get({
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
      before: beforeMessageId,
    });
    if (queued !== undefined) this.#indexAll();
  }
}
