/** Retrieval: what agents may read from the web and their configuration's documents, safely. */
export { DOCUMENT_CHAR_BUDGET, type RetrievedText } from './extract/fetched-document';
export { addressRefusal } from './fetch/address-policy';
export {
  type FetchFailure,
  type FetchResult,
  type HostResolver,
  RETRIEVAL_USER_AGENT,
  SafeFetcher,
  type SafeFetcherOptions,
} from './fetch/safe-fetcher';
export { readableDocumentNames } from './files/document-names';
export { agentDocsFolder, type FileDocumentSources, sharedDocsFolder } from './files/file-documents';
export { isRetrievableUrl, pageCacheKey, type Retrieval, Retriever, type RetrieverDeps } from './retriever';
