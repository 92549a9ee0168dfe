import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../../../shared/api/client';
import { createConversationMemoryActions } from './conversation-slice';
import { createEntryActions } from './entries-slice';
import { createMemoryEventActions } from './event-slice';
import { createModelRuns } from './model-runs';
import { createParts } from './parts';
import { createPeopleActions } from './people-slice';
import { createRecallActions } from './recall-slice';
import type { MemoryState, MemoryStore } from './types';

/**
 * What agents remember, as the console has fetched it: lists, people with their facts and
 * profiles, conversations' summaries and topics, and recalls. Nothing is fetched until a view
 * asks; from then on `memory.changed` keeps it current. Each slice owns one job and they share
 * the bookkeeping of `parts`.
 */
export function createMemoryStore(api: ApiClient): MemoryStore {
  return createStore<MemoryState>()((set, get) => {
    const parts = createParts(set, get);
    const runModel = createModelRuns(set, get);
    return {
      lists: {},
      people: {},
      facts: {},
      profiles: {},
      summaries: {},
      sessions: {},
      reflections: {},
      summarizing: {},
      recalls: {},
      actions: {
        ...createEntryActions(api, parts),
        ...createPeopleActions(api, parts, runModel),
        ...createConversationMemoryActions(api, parts, runModel),
        ...createRecallActions(api, set),
        ...createMemoryEventActions(parts),
      },
    };
  });
}
