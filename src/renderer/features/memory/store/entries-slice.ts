import type { ApiClient } from '../../../../shared/api/client';
import type { MemoryEntry } from '../../../../shared/domain/memory';
import { listKey, listOf } from '../model';
import { removal, revision } from './by-id';
import type { Parts } from './parts';
import type { EntryActions } from './types';

/** Memories, intentions, notes and plans: one list each, edited in place. */
export function createEntryActions(api: ApiClient, parts: Parts): EntryActions {
  return {
    loadList: (ref) =>
      parts.load('lists', listKey(ref), async () => (await api.call('memory.entries', listOf(ref))).entries),

    putEntry: (ref, draft) =>
      parts.mutate(
        'lists',
        listKey(ref),
        revision<MemoryEntry>(
          draft.id,
          async () => (await api.call('memory.putEntry', { list: listOf(ref), entry: draft })).entry,
          (entry) => ({ ...entry, content: draft.content.trim() }),
        ),
      ),

    async deleteEntry(ref, id) {
      await parts.mutate(
        'lists',
        listKey(ref),
        removal<MemoryEntry, unknown>(id, () => api.call('memory.deleteEntry', { list: listOf(ref), id })),
      );
    },
  };
}
