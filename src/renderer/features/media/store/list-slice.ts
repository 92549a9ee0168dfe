import type { ApiClient } from '../../../../shared/api/client';
import type { MediaRecordView } from '../../../../shared/api/media-contract';
import { errorMessage } from '../../../api/errors';
import { entriesOf, sameLocation } from '../model';
import type { MediaActions, MediaQuery, MediaState, SetMediaState } from './types';

/** How long typing in the search must pause before it runs. */
export const SEARCH_DELAY_MS = 300;
/** Changes arriving within this time are followed together (the chain describes in bursts). */
export const CHANGE_DELAY_MS = 250;

export type ListSlice = Pick<
  MediaActions,
  | 'follow'
  | 'setLocation'
  | 'setFilter'
  | 'setSearch'
  | 'openRecord'
  | 'loadList'
  | 'loadDirectories'
  | 'applyChanged'
  | 'applyConfigReloaded'
  | 'resync'
>;

export type MediaTiming = { searchDelayMs?: number; changeDelayMs?: number };

/**
 * What the editor lists and keeping it current: the query (the search run once typing pauses),
 * the loads (only the latest answer applied), and live changes while a view follows the list
 * (records on screen fetched again one by one, the list when a change may add to it).
 */
export function createListSlice(
  api: ApiClient,
  set: SetMediaState,
  get: () => MediaState,
  timing: MediaTiming = {},
): ListSlice {
  let listRequest = 0;
  let directoriesRequest = 0;
  let viewers = 0;
  /** The config path of the last reload seen; null before the first. */
  let configPathSeen: string | null = null;
  /** Something changed while no view followed: the next view fetches afresh. */
  let stale = true;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let changeTimer: ReturnType<typeof setTimeout> | undefined;
  const changed = new Set<string>();
  let reloadAll = false;

  /**
   * Fetches a part of the state and applies the answer if no later fetch of it started; what is
   * shown stays while a refresh runs or fails.
   */
  const fetchInto = async <P extends 'list' | 'directories', R>(
    part: P,
    isLatest: () => boolean,
    call: () => Promise<R>,
    apply: (result: R, state: MediaState) => MediaState[P],
  ) => {
    const shownOr = (s: MediaState, status: 'loading' | 'error') =>
      s[part].status === 'ready' ? 'ready' : status;
    set((s) => ({ [part]: { ...s[part], status: shownOr(s, 'loading'), error: null } }));
    try {
      const result = await call();
      if (isLatest()) set((s) => ({ [part]: apply(result, s) }));
    } catch (error) {
      if (isLatest())
        set((s) => ({ [part]: { ...s[part], status: shownOr(s, 'error'), error: errorMessage(error) } }));
    }
  };

  const loadList = () => {
    clearTimeout(searchTimer);
    const request = ++listRequest;
    const { location, filter, search } = get().query;
    return fetchInto(
      'list',
      () => request === listRequest,
      () => api.call('media.list', { location, filter, search }),
      ({ records, total }, s) => ({
        status: 'ready',
        error: null,
        entries: entriesOf(records, s.promoted),
        total,
      }),
    );
  };

  const loadDirectories = () => {
    const request = ++directoriesRequest;
    return fetchInto(
      'directories',
      () => request === directoriesRequest,
      () => api.call('media.directories', {}),
      ({ directories }) => ({ status: 'ready', value: directories, error: null }),
    );
  };

  /** A new query: the rows curated from the cache under the old one go back to what they are. */
  const query = (change: Partial<MediaQuery>, focusId: string | null = null) => {
    set((s) => ({ query: { ...s.query, ...change }, promoted: {}, focusId }));
    if (viewers > 0) void loadList();
    else stale = true;
  };

  /** Fetches one file's copies again and shows them in the entries of that file. */
  const refetchRecord = async (uniqueId: string) => {
    const version = listRequest;
    let copies: MediaRecordView[];
    try {
      ({ records: copies } = await api.call('media.get', { uniqueId }));
    } catch {
      copies = []; // gone everywhere (not_found), or unreachable: the next list load settles it
    }
    if (version !== listRequest) return;
    set((s) => {
      const promoted = { ...s.promoted };
      const entries = s.list.entries.flatMap((entry) => {
        if (entry.record.uniqueId !== uniqueId) return [entry];
        const copy = copies.find((candidate) => sameLocation(candidate.location, entry.record.location));
        if (!copy) {
          delete promoted[entry.key];
          return [];
        }
        if (promoted[entry.key]) promoted[entry.key] = copy;
        return [{ key: entry.key, record: copy }];
      });
      return { list: { ...s.list, entries }, promoted };
    });
  };

  const followChanges = () => {
    changeTimer = undefined;
    const ids = [...changed];
    const everything = reloadAll;
    changed.clear();
    reloadAll = false;
    if (viewers === 0) {
      stale = true;
      return;
    }
    void loadDirectories();
    const shown = new Set(get().list.entries.map((entry) => entry.record.uniqueId));
    // An id not on screen may be a new record that belongs in the list.
    if (everything || !ids.every((id) => shown.has(id))) void loadList();
    else for (const id of ids) void refetchRecord(id);
  };
  const scheduleChanges = () => {
    if (changeTimer === undefined)
      changeTimer = setTimeout(followChanges, timing.changeDelayMs ?? CHANGE_DELAY_MS);
  };

  return {
    loadList,
    loadDirectories,

    follow() {
      viewers += 1;
      if (viewers === 1 && (stale || get().list.status === 'error')) {
        stale = false;
        void loadDirectories();
        void loadList();
      }
      return () => {
        viewers -= 1;
      };
    },

    setLocation: (location) => query({ location }),
    setFilter: (filter) => query({ filter }),
    setSearch(search) {
      set((s) => ({ query: { ...s.query, search }, promoted: {}, focusId: null }));
      clearTimeout(searchTimer);
      if (viewers === 0) stale = true;
      else searchTimer = setTimeout(() => void loadList(), timing.searchDelayMs ?? SEARCH_DELAY_MS);
    },
    openRecord: (uniqueId) => query({ location: null, filter: 'all', search: uniqueId }, uniqueId),

    applyChanged(uniqueIds) {
      for (const id of uniqueIds) changed.add(id);
      scheduleChanges();
    },
    applyConfigReloaded(configPath) {
      // Records that changed on disk come as media.changed; a new config path changes every list.
      const path = configPath.join('\n');
      if (path !== configPathSeen) reloadAll = configPathSeen !== null;
      configPathSeen = path;
      if (reloadAll) scheduleChanges();
      else if (viewers > 0) void loadDirectories();
    },
    resync() {
      if (viewers === 0) {
        stale = true;
        return;
      }
      void loadDirectories();
      void loadList();
    },
  };
}
