import { Api, helpers } from 'telegram';
import type { Logger } from '../../logging';
import type { TelegramAccount } from '../accounts';
import { BoundedMap } from './bounded-map';

/** messages.getCustomEmojiDocuments takes at most this many ids at once. */
const IDS_PER_REQUEST = 200;
/** Custom emoji documents an account keeps (they are small; chats reuse a few). */
const CAPACITY = 5_000;

/**
 * The custom emoji documents an account has seen, by document id: fetched before the messages
 * that show them are mapped (so their emoji and file are known) and when one is downloaded for
 * a description. A fetch that fails leaves the ids unknown; the next message tries again.
 */
export class CustomEmojiLibrary {
  readonly #account: TelegramAccount;
  readonly #logger: Logger;
  readonly #documents = new BoundedMap<string, Api.Document>(CAPACITY);

  constructor(account: TelegramAccount, logger: Logger) {
    this.#account = account;
    this.#logger = logger;
  }

  readonly lookup = (documentId: string): Api.Document | null => this.#documents.get(documentId) ?? null;

  async resolve(documentIds: readonly string[]): Promise<void> {
    const unknown = [...new Set(documentIds)].filter((id) => this.#documents.get(id) === undefined);
    for (let start = 0; start < unknown.length; start += IDS_PER_REQUEST) {
      const ids = unknown.slice(start, start + IDS_PER_REQUEST);
      try {
        const documents = await this.#account.invoke(
          new Api.messages.GetCustomEmojiDocuments({ documentId: ids.map((id) => helpers.returnBigInt(id)) }),
        );
        for (const document of documents) {
          if (document instanceof Api.Document) this.#documents.set(document.id.toString(), document);
        }
      } catch (error) {
        this.#logger.debug({ err: error, count: ids.length }, 'could not fetch custom emoji');
      }
    }
  }

  /** The document of a custom emoji, fetched when not known; null when Telegram has none. */
  async document(documentId: string): Promise<Api.Document | null> {
    await this.resolve([documentId]);
    return this.lookup(documentId);
  }
}
