import type { StoreApi } from 'zustand/vanilla';
import type { ProcedureInput, ProcedureOutput } from '../../../../shared/api/contract';
import type { KnownPersonView, MemoryChange, RecallItem } from '../../../../shared/api/memory-contract';
import type {
  MemoryEntry,
  MemoryFact,
  MemoryProfile,
  MemorySummary,
  SessionSummary,
} from '../../../../shared/domain/memory';
import type { LoadStatus } from '../../../ui/load-status';
import type { AgentNetworkRef, ConversationRef, FactSet, MemoryListRef, PersonRef } from '../model';

/** A value fetched from the runtime, with how its fetch went; `ready` stays while a refresh runs. */
export type Loadable<T> = { status: LoadStatus; value: T; error: string | null };

/** Work that asks the model (summarize now, reflect now): running, and why the last run failed. */
export type ModelRun = { running: boolean; error: string | null };

/** The last recall of a conversation: the question asked and what came back. */
export type RecallView = {
  query: string;
  status: LoadStatus;
  items: RecallItem[];
  /** Why the recall failed, in the API's words (an empty question is refused under `query`). */
  error: string | null;
};

export type EntryDraft = ProcedureInput<'memory.putEntry'>['entry'];
export type SummaryDraft = ProcedureInput<'memory.putSummary'>['summary'];
export type FactDraft = ProcedureInput<'memory.putFact'>['fact'];
export type ReflectResult = ProcedureOutput<'memory.reflectNow'>;
export type SummarizeResult = ProcedureOutput<'memory.summarizeNow'>;

/**
 * The parts of the state that mirror a runtime list, each record keyed by the keys of `model/refs`.
 * Each is fetched and replaced on its own, so a view of one is not redrawn when another changes.
 */
export type MemoryParts = {
  /** Memories, intentions, notes and plans, by `listKey`. */
  lists: Record<string, Loadable<MemoryEntry[]>>;
  /** The people each agent knows facts about, by `agentNetworkKey`. */
  people: Record<string, Loadable<KnownPersonView[]>>;
  /** Facts about each person, current and history, by `personKey`. */
  facts: Record<string, Loadable<FactSet>>;
  /** Each person's profile (null when none was written), by `personKey`. */
  profiles: Record<string, Loadable<MemoryProfile | null>>;
  /** A conversation's summaries, by `conversationKey`. */
  summaries: Record<string, Loadable<MemorySummary[]>>;
  /** A conversation's topic summaries, by `conversationKey`. */
  sessions: Record<string, Loadable<SessionSummary[]>>;
};

export type MemoryPart = keyof MemoryParts;
export type PartValue<P extends MemoryPart> = MemoryParts[P][string]['value'];

/** What names a record of each part. */
export type MemoryPartRefs = {
  lists: MemoryListRef;
  people: AgentNetworkRef;
  facts: PersonRef;
  profiles: PersonRef;
  summaries: ConversationRef;
  sessions: ConversationRef;
};

export interface EntryActions {
  loadList(ref: MemoryListRef): Promise<void>;
  /** Writes an entry (an id rewrites it, shown at once and undone on failure); rejects with the API error. */
  putEntry(ref: MemoryListRef, draft: EntryDraft): Promise<MemoryEntry>;
  /** Removes the entry at once; it comes back, and the call rejects, when the runtime refuses. */
  deleteEntry(ref: MemoryListRef, id: string): Promise<void>;
}

export interface PeopleActions {
  loadPeople(ref: AgentNetworkRef): Promise<void>;
  loadFacts(ref: PersonRef): Promise<void>;
  loadProfile(ref: PersonRef): Promise<void>;
  /** States a fact, or with `supersedes` corrects one (shown at once, undone on failure). */
  putFact(ref: PersonRef, draft: FactDraft): Promise<MemoryFact>;
  /** Takes a fact back (it moves to the history at once; undone on failure). */
  retractFact(ref: PersonRef, id: string): Promise<void>;
  /** Rewrites the profile as the operator's (shown at once, undone on failure). */
  putProfile(ref: PersonRef, text: string): Promise<void>;
  /** Reflects on the person now; resolves with what it did, or null when it failed (see `reflections`). */
  reflectNow(ref: PersonRef): Promise<ReflectResult | null>;
}

export interface ConversationMemoryActions {
  loadSummaries(ref: ConversationRef): Promise<void>;
  /** Writes a summary (an id revises it, shown at once, undone on failure); rejects with the API error. */
  putSummary(ref: ConversationRef, draft: SummaryDraft): Promise<MemorySummary>;
  deleteSummary(ref: ConversationRef, id: string): Promise<void>;
  /** Summarizes what no summary covers yet; resolves with what it wrote, or null when it failed. */
  summarizeNow(ref: ConversationRef): Promise<SummarizeResult | null>;
  loadSessions(ref: ConversationRef): Promise<void>;
  deleteSession(ref: ConversationRef, id: string): Promise<void>;
}

export interface RecallActions {
  /** Runs the recall a turn runs, for the question; only the latest question's answer is kept. */
  recall(ref: ConversationRef, query: string): Promise<void>;
  clearRecall(ref: ConversationRef): void;
}

export interface MemoryEventActions {
  /**
   * A view shows a record: it is fetched (unless another view shows it already) and kept current
   * by live changes until the view calls the release returned, as it goes away.
   */
  follow<P extends MemoryPart>(part: P, ref: MemoryPartRefs[P]): () => void;
  /** Follows a change of the agent's memory: reloads the part it names, where a view shows it. */
  applyChange(change: MemoryChange): void;
  /** Re-fetches everything views show, e.g. after the connection came back. */
  resync(): void;
}

export type MemoryActions = EntryActions &
  PeopleActions &
  ConversationMemoryActions &
  RecallActions &
  MemoryEventActions;

export type MemoryState = MemoryParts & {
  /** Reflect now, by `personKey`. */
  reflections: Record<string, ModelRun>;
  /** Summarize now, by `conversationKey`. */
  summarizing: Record<string, ModelRun>;
  /** Recall, by `conversationKey`. */
  recalls: Record<string, RecallView>;
  actions: MemoryActions;
};

export type MemoryStore = StoreApi<MemoryState>;
