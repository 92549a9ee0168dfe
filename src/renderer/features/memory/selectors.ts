import type { KnownPersonView } from '../../../shared/api/memory-contract';
import type {
  MemoryEntry,
  MemoryProfile,
  MemorySummary,
  SessionSummary,
} from '../../../shared/domain/memory';
import {
  type AgentNetworkRef,
  agentNetworkKey,
  type ConversationRef,
  conversationKey,
  type FactSet,
  listKey,
  type MemoryListRef,
  type PersonRef,
  personKey,
} from './model';
import type { Loadable, MemoryState, ModelRun, RecallView } from './store';

function idle<T>(value: T): Loadable<T> {
  return { status: 'idle', value, error: null };
}

// The same object each time for what was never fetched, so a view selecting it is not redrawn.
const NO_ENTRIES = idle<MemoryEntry[]>([]);
const NO_PEOPLE = idle<KnownPersonView[]>([]);
const NO_FACTS = idle<FactSet>({ current: [], history: [] });
const NO_PROFILE = idle<MemoryProfile | null>(null);
const NO_SUMMARIES = idle<MemorySummary[]>([]);
const NO_SESSIONS = idle<SessionSummary[]>([]);
const NOT_RUNNING: ModelRun = { running: false, error: null };

/**
 * Named selectors: components read the memory store only through these, each for one record
 * (make them once per ref, e.g. with `useMemo`).
 */
export const memorySelectors = {
  actions: (s: MemoryState) => s.actions,
  list:
    (ref: MemoryListRef) =>
    (s: MemoryState): Loadable<MemoryEntry[]> =>
      s.lists[listKey(ref)] ?? NO_ENTRIES,
  people:
    (ref: AgentNetworkRef) =>
    (s: MemoryState): Loadable<KnownPersonView[]> =>
      s.people[agentNetworkKey(ref)] ?? NO_PEOPLE,
  facts:
    (ref: PersonRef) =>
    (s: MemoryState): Loadable<FactSet> =>
      s.facts[personKey(ref)] ?? NO_FACTS,
  profile:
    (ref: PersonRef) =>
    (s: MemoryState): Loadable<MemoryProfile | null> =>
      s.profiles[personKey(ref)] ?? NO_PROFILE,
  reflection:
    (ref: PersonRef) =>
    (s: MemoryState): ModelRun =>
      s.reflections[personKey(ref)] ?? NOT_RUNNING,
  summaries:
    (ref: ConversationRef) =>
    (s: MemoryState): Loadable<MemorySummary[]> =>
      s.summaries[conversationKey(ref)] ?? NO_SUMMARIES,
  summarizing:
    (ref: ConversationRef) =>
    (s: MemoryState): ModelRun =>
      s.summarizing[conversationKey(ref)] ?? NOT_RUNNING,
  sessions:
    (ref: ConversationRef) =>
    (s: MemoryState): Loadable<SessionSummary[]> =>
      s.sessions[conversationKey(ref)] ?? NO_SESSIONS,
  recall:
    (ref: ConversationRef) =>
    (s: MemoryState): RecallView | null =>
      s.recalls[conversationKey(ref)] ?? null,
};
