import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../../../shared/api/client';
import { createListSlice, type MediaTiming } from './list-slice';
import { createRecordSlice } from './record-slice';
import type { MediaState, MediaStore } from './types';

/**
 * The media-description editor's records, as the console fetched them: the directories with
 * their counts, the records one query lists, and what is being done to each. Nothing is fetched
 * until the editor shows; `media.changed` and `config.reloaded` keep current what it shows.
 */
export function createMediaStore(api: ApiClient, timing?: MediaTiming): MediaStore {
  return createStore<MediaState>()((set, get) => {
    const list = createListSlice(api, set, get, timing);
    return {
      directories: { status: 'idle', value: [], error: null },
      query: { location: null, filter: 'all', search: '' },
      list: { status: 'idle', error: null, entries: [], total: 0 },
      work: {},
      promoted: {},
      focusId: null,
      actions: { ...list, ...createRecordSlice(api, set, get, list) },
    };
  });
}
