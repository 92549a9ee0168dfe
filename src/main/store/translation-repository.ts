import type { Network } from '../../shared/api/conversation-contract';
import type { SqliteDatabase } from './migrations/migration';

/** One message's text as it is to be translated, with the hash that identifies that text. */
export interface TranslationKey {
  messageId: number;
  textHash: string;
}

export interface TranslationScope {
  agent: string;
  network: Network;
  channelId: number;
  language: string;
}

/** The console's message translations, one per message, text and language. */
export class TranslationRepository {
  readonly #select;
  readonly #insert;

  constructor(db: SqliteDatabase) {
    this.#select = db.prepare<TranslationScope & TranslationKey, { translation: string }>(
      `SELECT translation FROM message_translations
       WHERE agent = @agent AND network = @network AND channel_id = @channelId
         AND message_id = @messageId AND language = @language AND text_hash = @textHash`,
    );
    this.#insert = db.prepare<TranslationScope & TranslationKey & { translation: string; createdAt: string }>(
      `INSERT OR REPLACE INTO message_translations
         (agent, network, channel_id, message_id, text_hash, language, translation, created_at)
       VALUES (@agent, @network, @channelId, @messageId, @textHash, @language, @translation, @createdAt)`,
    );
  }

  /** The kept translations of these texts, by message id; a text translated never is absent. */
  find(scope: TranslationScope, keys: readonly TranslationKey[]): Map<number, string> {
    const found = new Map<number, string>();
    for (const key of keys) {
      const row = this.#select.get({ ...scope, ...key });
      if (row) found.set(key.messageId, row.translation);
    }
    return found;
  }

  put(
    scope: TranslationScope,
    translations: readonly (TranslationKey & { translation: string })[],
    now: Date,
  ): void {
    const createdAt = now.toISOString();
    for (const item of translations) this.#insert.run({ ...scope, ...item, createdAt });
  }
}
