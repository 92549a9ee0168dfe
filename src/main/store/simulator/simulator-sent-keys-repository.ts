import type { SqliteDatabase } from '../migrations/migration';
import type { ChatKey } from './simulator-rows';

/** Which message each idempotency key sent, so a send repeated after a crash is delivered once. */
export class SimulatorSentKeysRepository {
  readonly #select;
  readonly #insert;

  constructor(db: SqliteDatabase) {
    this.#select = db.prepare<
      { agent: string; idempotencyKey: string },
      { channel_id: number; message_id: number }
    >(
      'SELECT channel_id, message_id FROM sim_sent_keys WHERE agent = @agent AND idempotency_key = @idempotencyKey',
    );
    this.#insert = db.prepare<ChatKey & { idempotencyKey: string; messageId: number; sentAt: string }>(
      `INSERT INTO sim_sent_keys (agent, idempotency_key, channel_id, message_id, sent_at)
       VALUES (@agent, @idempotencyKey, @channelId, @messageId, @sentAt)`,
    );
  }

  /** The message the idempotency key sent, if it was used. */
  get(agent: string, idempotencyKey: string): { channel_id: number; message_id: number } | undefined {
    return this.#select.get({ agent, idempotencyKey });
  }

  insert(key: ChatKey, sent: { idempotencyKey: string; messageId: number; sentAt: string }): void {
    this.#insert.run({ ...key, ...sent });
  }
}
