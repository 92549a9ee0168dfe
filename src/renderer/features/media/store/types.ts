import type { StoreApi } from 'zustand/vanilla';
import type {
  LibraryItem,
  MediaDirectory,
  MediaFilter,
  MediaJob,
  MediaJobParams,
  MediaLocation,
  MediaRecordView,
} from '../../../../shared/api/media-contract';
import type { LoadStatus } from '../../../ui/load-status';
import type { LibraryOwner } from '../library-model';
import type { MediaEntry } from '../model';

/** What the editor lists: one directory or all of them, a type, and words to find. */
export type MediaQuery = { location: MediaLocation | null; filter: MediaFilter; search: string };

export type MediaDirectories = { status: LoadStatus; value: MediaDirectory[]; error: string | null };

export type MediaList = {
  status: LoadStatus;
  /** The last load's failure; what was shown stays when there was something. */
  error: string | null;
  entries: MediaEntry[];
  /** How many records matched, of which `entries` holds up to the limit. */
  total: number;
};

/** An action on one record that runs until the runtime answers, and why it was refused. */
export type RecordWork = {
  running: 'describe' | 'move' | 'delete' | null;
  /** The runtime's refusal, in its words, shown on the record until the next action. */
  problem: string | null;
};

/** The media jobs, newest first, as `media.jobs` listed them and `media.jobChanged` moved them on. */
export type MediaJobs = { status: LoadStatus; error: string | null; value: MediaJob[] };

/** An agent's media library on one network, as `media.library` listed it. */
export type MediaLibrary = {
  status: LoadStatus;
  error: string | null;
  items: LibraryItem[];
  /** Why the runtime refused to remove an item, by unique id, until dismissed. */
  problems: Record<string, string>;
};

export interface MediaActions {
  /**
   * The editor is on screen: records and directories are fetched (unless shown already) and kept
   * current by live changes until the release returned is called.
   */
  follow(): () => void;
  setLocation(location: MediaLocation | null): void;
  setFilter(filter: MediaFilter): void;
  /** The search shows at once and is run once typing pauses (SEARCH_DELAY_MS). */
  setSearch(text: string): void;
  /** Opens the editor on one file's records, everywhere (a deep link): they are found and marked. */
  openRecord(uniqueId: string): void;
  loadList(): Promise<void>;
  loadDirectories(): Promise<void>;
  /**
   * Writes the description as a curated record in `configDir` and shows it in the entry's row;
   * rejects with the API error (the field shows it).
   */
  setDescription(key: string, description: string, configDir: string): Promise<MediaRecordView>;
  /** Asks the media model again; a refusal becomes the record's problem. */
  describeAgain(key: string): Promise<void>;
  /** Moves the record into another config directory; a refusal becomes the record's problem. */
  move(key: string, configDir: string): Promise<void>;
  /** Deletes the record's copy; a refusal (it is in Saved Messages) becomes its problem. */
  remove(key: string): Promise<void>;
  clearProblem(key: string): void;
  /** Deletes cached descriptions unused for `days`; resolves with how many; rejects with the API error. */
  removeUnused(days: number): Promise<number>;
  /**
   * Follows `media.changed`: records shown are fetched again, or the list when one may be new;
   * and the descriptions of the libraries on screen.
   */
  applyChanged(uniqueIds: readonly string[]): void;
  /**
   * Follows `config.reloaded`: the directories' counts are fetched again; the list too when the
   * config path changed (records edited on disk arrive as `media.changed`).
   */
  applyConfigReloaded(configPath: readonly string[]): void;
  /** Fetches again what is shown, e.g. after the connection came back. */
  resync(): void;

  /** Fetches the latest jobs; what is shown stays while it runs or fails. */
  loadJobs(): Promise<void>;
  /** Starts a job; resolves with it queued, rejects with the API error (the form shows it). */
  startJob(params: MediaJobParams): Promise<MediaJob>;
  /** Cancels a queued or running job; rejects with the API error. */
  cancelJob(id: number): Promise<void>;
  /** Follows `media.jobChanged`; a job that ends makes the list shown fetch again. */
  applyJobChanged(job: MediaJob): void;
  /** Hides finished jobs from the jobs panel (this console only; queued and running ones stay). */
  dismissJobs(ids: readonly number[]): void;

  /**
   * An agent's library is on screen: fetched (unless shown already), and its descriptions kept
   * current by `media.changed`, until the release returned is called.
   */
  followLibrary(owner: LibraryOwner): () => void;
  loadLibrary(owner: LibraryOwner): Promise<void>;
  /**
   * Saves a file to the library and lists it; rejects with why it cannot go (too large, empty)
   * before sending, or with the API error (the Simulator refuses: its library is curated media).
   */
  addToLibrary(owner: LibraryOwner, file: Blob & { name: string }, asFile: boolean): Promise<LibraryItem>;
  /** Removes an item; a refusal becomes the item's problem. */
  removeFromLibrary(owner: LibraryOwner, uniqueId: string): Promise<void>;
  clearLibraryProblem(owner: LibraryOwner, uniqueId: string): void;
  /**
   * Writes an item's description as a curated record in `configDir` and shows it in every
   * library that holds the file; rejects with the API error (the field shows it).
   */
  setLibraryDescription(uniqueId: string, description: string, configDir: string): Promise<MediaRecordView>;
}

export type MediaState = {
  directories: MediaDirectories;
  /** The query as the operator set it (the search as typed). */
  query: MediaQuery;
  list: MediaList;
  /** By entry key. */
  work: Record<string, RecordWork>;
  /**
   * Cached copies the operator curated from a view of the cache, by entry key: the row goes on
   * showing the curated record (the cache keeps its own, now overridden, copy) until the query
   * changes, so the text does not jump back under the operator's eyes.
   */
  promoted: Record<string, MediaRecordView>;
  /** The file a deep link opened the editor on, marked in the list. */
  focusId: string | null;
  jobs: MediaJobs;
  /** The finished jobs the operator dismissed from the jobs panel, by id. */
  dismissedJobs: readonly number[];
  /** By `libraryKey`. */
  libraries: Record<string, MediaLibrary>;
  actions: MediaActions;
};

export type MediaStore = StoreApi<MediaState>;

/** The store's `set`, as each slice gets it. */
export type SetMediaState = (
  change: Partial<MediaState> | ((state: MediaState) => Partial<MediaState>),
) => void;
