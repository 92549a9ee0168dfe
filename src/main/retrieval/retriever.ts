import type { Clock } from '../clock';
import type { RetrievalRepository } from '../store';
import { fetchedDocument, type RetrievedText } from './extract/fetched-document';
import type { FetchResult } from './fetch/safe-fetcher';
import { FILE_SCHEME, type FileDocumentSources, fileDocument } from './files/file-documents';

/** How long a fetched page is served from the cache. */
export const PAGE_CACHE_LIFETIME_MS = 60 * 60 * 1000;
/** The cache keeps at most this many characters of documents; the oldest pages go first. */
export const PAGE_CACHE_MAX_CHARS = 20_000_000;

/** One retrieval as the task log records it, with the document the model reads. */
export interface Retrieval extends RetrievedText {
  /** Served from the page cache (or a generated file), without asking the network. */
  cached: boolean;
  ms: number;
  fetchedAt: Date;
}

export interface RetrieverDeps {
  fetcher: { fetch(url: string, signal?: AbortSignal): Promise<FetchResult> };
  store: { retrieval: RetrievalRepository };
  clock: Clock;
}

/** Whether the model may ask for this address at all: a web page or a `file:` document. */
export function isRetrievableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || url.startsWith(FILE_SCHEME);
}

/**
 * The cache key of a URL: the URL parser's form (host lower-cased, default port and dot segments
 * gone, hosts like `0x7f.1` spelled as addresses) without the fragment, which never reaches the
 * server.
 */
export function pageCacheKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Reads what an agent asked for: `file:` documents from the configuration, web pages through the
 * safe fetcher and the page cache. Only what a server answered with below 400 is cached: an error
 * or a refusal is asked again next time.
 */
export class Retriever {
  readonly #deps: RetrieverDeps;

  constructor(deps: RetrieverDeps) {
    this.#deps = deps;
  }

  async retrieve(
    url: string,
    options: { signal: AbortSignal; files: FileDocumentSources },
  ): Promise<Retrieval> {
    const { clock, store } = this.#deps;
    const started = clock.now();
    const finished = (text: RetrievedText, cached: boolean): Retrieval => ({
      ...text,
      cached,
      ms: Math.max(0, clock.now().getTime() - started.getTime()),
      fetchedAt: started,
    });
    if (url.startsWith(FILE_SCHEME)) return finished(await fileDocument(url, options.files), false);

    const key = pageCacheKey(url);
    const hit = store.retrieval.cachedPage(key, started);
    if (hit) {
      const { text, readable, status, bytes } = hit;
      return {
        ...finished({ url, text, read: readable, status, bytes }, true),
        fetchedAt: new Date(hit.fetchedAt),
      };
    }
    const document = await fetchedDocument(await this.#deps.fetcher.fetch(url, options.signal));
    if (document.status !== null && document.status < 400) {
      store.retrieval.cachePage(
        key,
        {
          text: document.text,
          readable: document.read,
          status: document.status,
          bytes: document.bytes,
          fetchedAt: started.toISOString(),
        },
        new Date(started.getTime() + PAGE_CACHE_LIFETIME_MS),
        PAGE_CACHE_MAX_CHARS,
        clock.now(),
      );
    }
    return finished(document, false);
  }
}
