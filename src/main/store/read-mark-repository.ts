import type { ConversationKey } from '../../shared/domain/conversation-key';
import { type Now, systemNow } from './clock';
import type { SqliteDatabase } from './migrations/migration';

interface KeyParams {
  agent: string;
  network: string;
  channel_id: number;
}

const keyOf = (conversation: ConversationKey): KeyParams => ({
  agent: conversation.agent,
  network: conversation.network,
  channel_id: conversation.channelId,
});

/**
 * The newest message of each conversation a turn of the agent read: the engine's own record of
 * what it answered, so a failed read receipt (the network still counting it unread) never makes
 * the agent answer it again. Only ever moves forward.
 */
export class ReadMarkRepository {
  readonly #select;
  readonly #advance;
  readonly #now: Now;

  constructor(db: SqliteDatabase, deps: { now?: Now } = {}) {
    this.#now = deps.now ?? systemNow;
    this.#select = db.prepare<KeyParams, { read_through: number }>(
      `SELECT read_through FROM conversation_read_marks
       WHERE agent = @agent AND network = @network AND channel_id = @channel_id`,
    );
    this.#advance = db.prepare<KeyParams & { read_through: number; updated_at: string }>(
      `INSERT INTO conversation_read_marks (agent, network, channel_id, read_through, updated_at)
       VALUES (@agent, @network, @channel_id, @read_through, @updated_at)
       ON CONFLICT (agent, network, channel_id) DO UPDATE SET
         read_through = MAX(read_through, excluded.read_through), updated_at = excluded.updated_at`,
    );
  }

  /** The newest message id a turn read; 0 when none did. */
  readThrough(conversation: ConversationKey): number {
    return this.#select.get(keyOf(conversation))?.read_through ?? 0;
  }

  advance(conversation: ConversationKey, messageId: number): void {
    this.#advance.run({
      ...keyOf(conversation),
      read_through: messageId,
      updated_at: this.#now().toISOString(),
    });
  }
}
