import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { ArchivedMessageInput } from './archive-repository';
import type { SqliteDatabase } from './migrations/migration';

/** The most rows one statement writes (a power of two; see `insertNew`). */
const BULK_ROWS = 1024;
/** The parameters each row binds, in `bindRow`'s order. */
const ROW_PARAMETERS = 9;

interface SharedParameters {
  agent: string;
  network: string;
  channelId: number;
  archivedAt: string;
}

/**
 * One INSERT of `rows` messages that leaves the messages the archive has untouched. The named
 * parameters are shared by every row; each row binds nine anonymous ones, in `bindRow`'s order.
 */
function insertStatement(db: SqliteDatabase, rows: number) {
  const own = Array<string>(ROW_PARAMETERS).fill('?').join(', ');
  const values = Array.from({ length: rows }, () => `(@agent, @network, @channelId, ${own}, @archivedAt)`);
  return db.prepare<[...unknown[]]>(
    `INSERT INTO archive_messages (agent, network, channel_id, message_id, sender_id, sender_name,
       is_agent, reply_to, sent_at, edited_at, text, parts_json, archived_at)
     VALUES ${values.join(',\n')}
     ON CONFLICT (agent, network, channel_id, message_id) DO NOTHING`,
  );
}

function bindRow(parameters: unknown[], message: ArchivedMessageInput): void {
  parameters.push(
    message.messageId,
    message.senderId,
    message.senderName,
    message.isAgent ? 1 : 0,
    message.replyTo,
    message.sentAt,
    message.editedAt,
    message.text,
    message.partsJson,
  );
}

/**
 * Bulk writes to the conversation archive (migration 006), for history imports: many rows per
 * statement, each statement a single pass over the archive's indexes. New rows are queued for
 * the full-text indexes as live writes are (migration 027); the import indexes the queue once,
 * at its end.
 */
export class ArchiveImportRepository {
  readonly #db: SqliteDatabase;
  /** Statements by rows per statement, prepared when first needed. */
  readonly #inserts = new Map<number, ReturnType<typeof insertStatement>>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  /**
   * Writes the messages the archive does not have yet and leaves the ones it has as they are (a
   * live session's copy knows more than an export's); returns how many were new. Call inside
   * `store.transaction`. Rows go in 128 to a statement, a remainder in halving statements (64,
   * 32, ... rows), so eight statement shapes serve every count.
   */
  insertNew(
    conversation: ConversationKey,
    messages: readonly ArchivedMessageInput[],
    archivedAt: Date,
  ): number {
    const shared: SharedParameters = {
      agent: conversation.agent,
      network: conversation.network,
      channelId: conversation.channelId,
      archivedAt: archivedAt.toISOString(),
    };
    let inserted = 0;
    let next = 0;
    for (let rows = BULK_ROWS; rows >= 1; rows /= 2) {
      for (; next + rows <= messages.length; next += rows) {
        const parameters: unknown[] = [];
        for (let row = next; row < next + rows; row += 1) bindRow(parameters, messages[row]!);
        inserted += this.#insert(rows).run(parameters, shared).changes;
      }
    }
    return inserted;
  }

  #insert(rows: number): ReturnType<typeof insertStatement> {
    let statement = this.#inserts.get(rows);
    if (statement === undefined) {
      statement = insertStatement(this.#db, rows);
      this.#inserts.set(rows, statement);
    }
    return statement;
  }
}
