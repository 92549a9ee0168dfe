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
 * shows it, and `memory.changed` keeps current what views show. Each slice owns one job and they
 * share the bookkeeping of `parts`.
 */
export function createMemoryStore(api: ApiClient): MemoryStore {
  return createStore<MemoryState>()((set, get) => {
    const parts = createParts(set, get);
    const runModel = createModelRuns(set, get);
    const entries = createEntryActions(api, parts);
    const people = createPeopleActions(api, parts, runModel);
    const conversations = createConversationMemoryActions(api, parts, runModel);
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
        ...entries,
        ...people,
        ...conversations,
        ...createRecallActions(api, set),
        ...createMemoryEventActions(parts, {
          lists: entries.loadList,
          people: people.loadPeople,
          facts: people.loadFacts,
          profiles: people.loadProfile,
          summaries: conversations.loadSummaries,
          sessions: conversations.loadSessions,
        }),
      },
    };
  });
}
