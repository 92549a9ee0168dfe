/** Retrieval: what agents may read from the web and their configuration's documents, safely. */
export { addressRefusal } from './fetch/address-policy';
export {
  type FetchFailure,
  type FetchResult,
  type HostResolver,
  RETRIEVAL_USER_AGENT,
  SafeFetcher,
  type SafeFetcherOptions,
} from './fetch/safe-fetcher';
