import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../../../shared/api/client';
import { createJobsSlice } from './jobs-slice';
import { createLibrarySlice } from './library-slice';
import { CHANGE_DELAY_MS, createListSlice, type MediaTiming } from './list-slice';
import { createRecordSlice } from './record-slice';
import type { MediaState, MediaStore } from './types';

/**
 * The media-description editor's records, as the console fetched them: the directories with
 * their counts, the records one query lists, and what is being done to each; the media jobs; and
 * the agents' media libraries. Nothing is fetched until a view shows it; `media.changed`,
 * `media.jobChanged` and `config.reloaded` keep current what is shown.
 */
export function createMediaStore(api: ApiClient, timing?: MediaTiming): MediaStore {
  return createStore<MediaState>()((set, get) => {
    const list = createListSlice(api, set, get, timing);
    const library = createLibrarySlice(api, set, get, {
      changeDelayMs: timing?.changeDelayMs ?? CHANGE_DELAY_MS,
    });
    return {
      directories: { status: 'idle', value: [], error: null },
      query: { location: null, filter: 'all', search: '' },
      list: { status: 'idle', error: null, entries: [], total: 0 },
      work: {},
      promoted: {},
      focusId: null,
      jobs: { status: 'idle', error: null, value: [] },
      dismissedJobs: [],
      libraries: {},
      actions: {
        ...list,
        ...createRecordSlice(api, set, get, list),
        ...createJobsSlice(api, set, get, list),
        ...library,
        applyChanged(uniqueIds) {
          list.applyChanged(uniqueIds);
          library.applyChanged(uniqueIds);
        },
        resync() {
          list.resync();
          library.resync();
          if (get().jobs.status !== 'idle') void get().actions.loadJobs();
        },
      },
    };
  });
}
