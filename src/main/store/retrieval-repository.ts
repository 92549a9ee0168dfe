import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { SqliteDatabase } from './migrations/migration';

/** A page as the cache keeps it: the document the model reads, not the raw response. */
export interface CachedPage {
  text: string;
  /** The text is the page's content (not a note such as "a PDF of 1.2 MB: not read"). */
  readable: boolean;
  status: number | null;
  bytes: number;
  fetchedAt: string;
}

/** A document a conversation retrieved, shown to its turns until it expires. */
export interface RetrievedDocumentRecord {
  url: string;
  text: string;
  fetchedAt: string;
  expiresAt: string;
}

interface CacheRow {
  text: string;
  readable: number;
  status: number | null;
  bytes: number;
  fetched_at: string;
}

interface DocumentRow {
  url: string;
  text: string;
  fetched_at: string;
  expires_at: string;
}

function conversationParams(conversation: ConversationKey) {
  return { agent: conversation.agent, network: conversation.network, channelId: conversation.channelId };
}

/**
 * The page cache, shared by every agent, and each conversation's retrieved documents. Both expire
 * by time; the cache is also bounded in size, dropping the oldest pages first.
 */
export class RetrievalRepository {
  readonly #getPage;
  readonly #putPage;
  readonly #cacheSize;
  readonly #dropOldestPage;
  readonly #dropExpiredPages;
  readonly #putDocument;
  readonly #liveDocuments;
  readonly #dropExpiredDocuments;

  constructor(db: SqliteDatabase) {
    this.#getPage = db.prepare<{ urlKey: string; now: string }, CacheRow>(
      `SELECT text, readable, status, bytes, fetched_at FROM retrieval_cache
       WHERE url_key = @urlKey AND expires_at > @now`,
    );
    this.#putPage = db.prepare<CachedPage & { urlKey: string; readableFlag: number; expiresAt: string }>(
      `INSERT OR REPLACE INTO retrieval_cache (url_key, text, readable, status, bytes, fetched_at, expires_at)
       VALUES (@urlKey, @text, @readableFlag, @status, @bytes, @fetchedAt, @expiresAt)`,
    );
    this.#cacheSize = db.prepare<[], { chars: number; pages: number }>(
      'SELECT coalesce(sum(length(text)), 0) AS chars, count(*) AS pages FROM retrieval_cache',
    );
    this.#dropOldestPage = db.prepare(
      'DELETE FROM retrieval_cache WHERE url_key = (SELECT url_key FROM retrieval_cache ORDER BY fetched_at LIMIT 1)',
    );
    this.#dropExpiredPages = db.prepare<{ now: string }>(
      'DELETE FROM retrieval_cache WHERE expires_at <= @now',
    );
    this.#putDocument = db.prepare<ReturnType<typeof conversationParams> & RetrievedDocumentRecord>(
      `INSERT OR REPLACE INTO retrieved_documents (agent, network, channel_id, url, text, fetched_at, expires_at)
       VALUES (@agent, @network, @channelId, @url, @text, @fetchedAt, @expiresAt)`,
    );
    // Statements with +@name parameters are planned once: see PLANNED_ONCE in database.ts.
    this.#liveDocuments = db.prepare<ReturnType<typeof conversationParams> & { now: string }, DocumentRow>(
      `SELECT url, text, fetched_at, expires_at FROM retrieved_documents
       WHERE agent = +@agent AND network = +@network AND channel_id = +@channelId AND expires_at > @now
       ORDER BY fetched_at, url`,
    );
    this.#dropExpiredDocuments = db.prepare<{ now: string }>(
      'DELETE FROM retrieved_documents WHERE expires_at <= @now',
    );
  }

  /** The cached page under this key, unless it expired. */
  cachedPage(urlKey: string, now: Date): CachedPage | null {
    const row = this.#getPage.get({ urlKey, now: now.toISOString() });
    if (!row) return null;
    const { text, status, bytes } = row;
    return { text, readable: row.readable === 1, status, bytes, fetchedAt: row.fetched_at };
  }

  /**
   * Keeps a page until `expiresAt`; then drops expired pages, and the oldest ones while the cache
   * holds more than `maxChars` characters of text.
   */
  cachePage(urlKey: string, page: CachedPage, expiresAt: Date, maxChars: number, now: Date): void {
    this.#putPage.run({
      ...page,
      urlKey,
      readableFlag: page.readable ? 1 : 0,
      expiresAt: expiresAt.toISOString(),
    });
    this.#dropExpiredPages.run({ now: now.toISOString() });
    for (
      let size = this.#cacheSize.get()!;
      size.chars > maxChars && size.pages > 1;
      size = this.#cacheSize.get()!
    ) {
      this.#dropOldestPage.run();
    }
  }

  /** Keeps a document for the conversation's turns until `expiresAt` (replacing the one of that URL). */
  keepDocument(conversation: ConversationKey, document: RetrievedDocumentRecord): void {
    this.#putDocument.run({ ...conversationParams(conversation), ...document });
  }

  /** The conversation's documents that have not expired, oldest first. */
  liveDocuments(conversation: ConversationKey, now: Date): RetrievedDocumentRecord[] {
    return this.#liveDocuments
      .all({ ...conversationParams(conversation), now: now.toISOString() })
      .map((row) => ({ url: row.url, text: row.text, fetchedAt: row.fetched_at, expiresAt: row.expires_at }));
  }

  /** Forgets expired documents of every conversation. */
  dropExpiredDocuments(now: Date): void {
    this.#dropExpiredDocuments.run({ now: now.toISOString() });
  }
}
