import type { MediaState, RecordWork } from './store';

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
};
