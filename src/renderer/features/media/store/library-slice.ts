import type { ApiClient } from '../../../../shared/api/client';
import { errorMessage, isNotFound } from '../../../api/errors';
import { toBase64 } from '../../playground/model/attachment';
import { type LibraryOwner, libraryFileProblem, libraryKey } from '../library-model';
import type { MediaActions, MediaLibrary, MediaState, SetMediaState } from './types';

export type LibrarySlice = Pick<
  MediaActions,
  | 'followLibrary'
  | 'loadLibrary'
  | 'addToLibrary'
  | 'removeFromLibrary'
  | 'clearLibraryProblem'
  | 'setLibraryDescription'
> & {
  /** Descriptions of the files named, where a library on screen holds them. */
  applyChanged(uniqueIds: readonly string[]): void;
  /** Fetches again the libraries on screen. */
  resync(): void;
};

/** A library no view has asked for yet. */
export const UNLOADED_LIBRARY: MediaLibrary = { status: 'idle', error: null, items: [], problems: {} };

/**
 * Agents' media libraries (Saved Messages on Telegram): listed while a view shows one (afresh
 * each time one opens, since the agent's account may have changed them meanwhile), added to and
 * removed from, and their descriptions edited as curated records. The runtime describes new
 * items in the background and names them in `media.changed`: those on screen are fetched again.
 */
export function createLibrarySlice(
  api: ApiClient,
  set: SetMediaState,
  get: () => MediaState,
  timing: { changeDelayMs: number },
): LibrarySlice {
  const viewers = new Map<string, { owner: LibraryOwner; count: number }>();
  const requests = new Map<string, number>();
  const changed = new Set<string>();
  let changeTimer: ReturnType<typeof setTimeout> | undefined;

  const patch = (key: string, change: (library: MediaLibrary) => Partial<MediaLibrary>) =>
    set((s) => {
      const library = s.libraries[key] ?? UNLOADED_LIBRARY;
      return { libraries: { ...s.libraries, [key]: { ...library, ...change(library) } } };
    });

  /** The description of a file, in every library that holds it. */
  const showDescription = (uniqueId: string, description: string | null) =>
    set((s) => ({
      libraries: Object.fromEntries(
        Object.entries(s.libraries).map(([key, library]) => [
          key,
          library.items.some((item) => item.uniqueId === uniqueId)
            ? {
                ...library,
                items: library.items.map((item) =>
                  item.uniqueId === uniqueId ? { ...item, description } : item,
                ),
              }
            : library,
        ]),
      ),
    }));

  const loadLibrary = async (owner: LibraryOwner) => {
    const key = libraryKey(owner);
    const request = (requests.get(key) ?? 0) + 1;
    requests.set(key, request);
    const shownOr = (library: MediaLibrary, status: 'loading' | 'error') =>
      library.status === 'ready' ? 'ready' : status;
    patch(key, (library) => ({ status: shownOr(library, 'loading'), error: null }));
    try {
      const { items } = await api.call('media.library', { agent: owner.agent, network: owner.network });
      if (requests.get(key) === request) patch(key, () => ({ status: 'ready', error: null, items }));
    } catch (error) {
      if (requests.get(key) === request)
        patch(key, (library) => ({ status: shownOr(library, 'error'), error: errorMessage(error) }));
    }
  };

  /** What the agents are now told a changed file shows: its effective record's description. */
  const refetchDescription = async (uniqueId: string) => {
    try {
      const { records } = await api.call('media.get', { uniqueId });
      showDescription(uniqueId, records.find((record) => record.effective)?.description ?? null);
    } catch (error) {
      if (isNotFound(error)) showDescription(uniqueId, null);
    }
  };

  const followChanges = () => {
    changeTimer = undefined;
    const { libraries } = get();
    const shown = new Set(
      [...viewers.keys()].flatMap((key) => libraries[key]?.items.map((item) => item.uniqueId) ?? []),
    );
    const ids = [...changed].filter((id) => shown.has(id));
    changed.clear();
    for (const id of ids) void refetchDescription(id);
  };

  return {
    loadLibrary,

    followLibrary(owner) {
      const key = libraryKey(owner);
      const viewer = viewers.get(key) ?? { owner, count: 0 };
      viewer.count += 1;
      viewers.set(key, viewer);
      if (viewer.count === 1) void loadLibrary(owner);
      return () => {
        viewer.count -= 1;
        if (viewer.count === 0) viewers.delete(key);
      };
    },

    async addToLibrary(owner, file, asFile) {
      const problem = libraryFileProblem(file);
      if (problem) throw new Error(problem);
      const dataBase64 = toBase64(new Uint8Array(await file.arrayBuffer()));
      const { item } = await api.call('media.addToLibrary', {
        agent: owner.agent,
        network: owner.network,
        fileName: file.name,
        dataBase64,
        asFile,
      });
      // Saved Messages list the newest first.
      patch(libraryKey(owner), (library) => ({
        items: [item, ...library.items.filter((other) => other.uniqueId !== item.uniqueId)],
      }));
      return item;
    },

    async removeFromLibrary(owner, uniqueId) {
      const key = libraryKey(owner);
      patch(key, ({ problems: { [uniqueId]: _earlier, ...problems } }) => ({ problems }));
      try {
        await api.call('media.removeFromLibrary', { agent: owner.agent, network: owner.network, uniqueId });
        patch(key, (library) => ({ items: library.items.filter((item) => item.uniqueId !== uniqueId) }));
      } catch (error) {
        patch(key, (library) => ({ problems: { ...library.problems, [uniqueId]: errorMessage(error) } }));
      }
    },

    clearLibraryProblem(owner, uniqueId) {
      patch(libraryKey(owner), ({ problems: { [uniqueId]: _cleared, ...problems } }) => ({ problems }));
    },

    async setLibraryDescription(uniqueId, description, configDir) {
      const { record } = await api.call('media.setDescription', { uniqueId, description, configDir });
      // Written where another directory's record wins, agents are still told that one.
      if (record.effective) showDescription(uniqueId, record.description);
      else void refetchDescription(uniqueId);
      return record;
    },

    applyChanged(uniqueIds) {
      if (viewers.size === 0) return;
      for (const id of uniqueIds) changed.add(id);
      if (changeTimer === undefined) changeTimer = setTimeout(followChanges, timing.changeDelayMs);
    },

    resync() {
      for (const { owner } of viewers.values()) void loadLibrary(owner);
    },
  };
}
