import type { ApiClient } from '../../../../shared/api/client';
import type { MediaRecordView } from '../../../../shared/api/media-contract';
import { errorMessage } from '../../../api/errors';
import { copyKey, locationKey, sameLocation, withRecord } from '../model';
import type { ListSlice } from './list-slice';
import type { MediaActions, MediaState, RecordWork, SetMediaState } from './types';

export type RecordSlice = Pick<
  MediaActions,
  'setDescription' | 'describeAgain' | 'move' | 'remove' | 'clearProblem' | 'removeUnused'
>;

const IDLE: RecordWork = { running: null, problem: null };

/**
 * Editing one record: its description (written as a curated record), asking the model again,
 * moving and deleting it, and tidying the cache. Each answer shows in the record's row; a refusal
 * is kept as the record's problem, in the runtime's words.
 */
export function createRecordSlice(
  api: ApiClient,
  set: SetMediaState,
  get: () => MediaState,
  list: Pick<ListSlice, 'loadList' | 'loadDirectories'>,
): RecordSlice {
  const recordOf = (key: string): MediaRecordView => {
    const entry = get().list.entries.find((candidate) => candidate.key === key);
    if (!entry) throw new Error('That record is no longer listed.');
    return entry.record;
  };
  const setWork = (key: string, work: RecordWork) => set((s) => ({ work: { ...s.work, [key]: work } }));

  /** Shows `record` in the entry's row, or drops the row when the record left the directory shown. */
  const show = (key: string, record: MediaRecordView, promote: boolean) =>
    set((s) => {
      const { location } = s.query;
      const inView = location === null || sameLocation(location, record.location);
      if (!inView && !promote) {
        return { list: { ...s.list, entries: s.list.entries.filter((entry) => entry.key !== key) } };
      }
      const moved = copyKey(record) !== key;
      return {
        list: { ...s.list, entries: withRecord(s.list.entries, key, record) },
        promoted: promote && moved ? { ...s.promoted, [key]: record } : s.promoted,
      };
    });

  /** Runs an action on a record, keeping it busy until answered and its refusal as its problem. */
  const act = async (
    key: string,
    running: NonNullable<RecordWork['running']>,
    call: (record: MediaRecordView) => Promise<void>,
  ) => {
    setWork(key, { running, problem: null });
    try {
      await call(recordOf(key));
      setWork(key, IDLE);
    } catch (error) {
      setWork(key, { running: null, problem: errorMessage(error) });
    }
  };

  return {
    async setDescription(key, description, configDir) {
      const { uniqueId } = recordOf(key);
      const { record } = await api.call('media.setDescription', { uniqueId, description, configDir });
      // Curated from the cache, the row now shows the curated record: the text stays as typed.
      show(key, record, true);
      return record;
    },

    describeAgain: (key) =>
      act(key, 'describe', async ({ uniqueId, location }) => {
        const { record } = await api.call('media.describeAgain', { uniqueId, location });
        show(key, record, false);
      }),

    move: (key, configDir) =>
      act(key, 'move', async ({ uniqueId, location }) => {
        const to = { kind: 'curated' as const, configDir };
        const { record } = await api.call('media.move', { uniqueId, from: location, to });
        show(key, record, false);
      }),

    remove: (key) =>
      act(key, 'delete', async ({ uniqueId, location }) => {
        await api.call('media.delete', { uniqueId, location });
        set((s) => {
          const { [key]: _promoted, ...promoted } = s.promoted;
          return {
            list: {
              ...s.list,
              entries: s.list.entries.filter((entry) => entry.key !== key),
              total: Math.max(0, s.list.total - 1),
            },
            promoted,
          };
        });
        void list.loadDirectories();
      }),

    clearProblem: (key) => setWork(key, { ...(get().work[key] ?? IDLE), problem: null }),

    async removeUnused(days) {
      const { removed } = await api.call('media.removeUnused', { olderThanDays: days });
      // Whatever was on screen of the cache may be gone.
      if (removed > 0 && get().list.entries.some((entry) => locationKey(entry.record.location) === 'cache')) {
        void list.loadList();
      }
      void list.loadDirectories();
      return removed;
    },
  };
}
