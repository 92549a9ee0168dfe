import { type LibraryOwner, libraryKey } from './library-model';
import { type MediaLibrary, type MediaState, type RecordWork, UNLOADED_LIBRARY } from './store';

const IDLE: RecordWork = { running: null, problem: null };

/** Named selectors: components read the media store only through these. */
export const mediaSelectors = {
  actions: (s: MediaState) => s.actions,
  directories: (s: MediaState) => s.directories,
  query: (s: MediaState) => s.query,
  list: (s: MediaState) => s.list,
  focusId: (s: MediaState) => s.focusId,
  work:
    (key: string) =>
    (s: MediaState): RecordWork =>
      s.work[key] ?? IDLE,
  jobs: (s: MediaState) => s.jobs,
  dismissedJobs: (s: MediaState) => s.dismissedJobs,
  library:
    (owner: LibraryOwner) =>
    (s: MediaState): MediaLibrary =>
      s.libraries[libraryKey(owner)] ?? UNLOADED_LIBRARY,
};
