import type { ApiClient } from '../../../shared/api/client';
import type { WaitingDrafts } from '../../../shared/api/copilot-contract';
import type { TaskGraphView } from '../../../shared/domain/tasks';
import { errorMessage } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';
import { draftsOf } from './model';
import { type WaitingChatRef, waitingKey, withDraftCount } from './waiting-drafts';

export type WaitingDraftsState = {
  status: LoadStatus;
  /** Every conversation with drafts waiting, by agent name then chat title. */
  chats: readonly WaitingDrafts[];
  error: string | null;
};

export interface WaitingDraftsActions {
  /** Lists the chats with drafts waiting, unless a view did already (then events keep it live). */
  followWaitingDrafts(): void;
  /** Lists them again (a reconnect, a configuration reload), if listed before. */
  reloadWaitingDrafts(): Promise<void>;
  /** A conversation's plan changed: its count of drafts waiting follows, with no fetch. */
  applyWaitingGraph(ref: WaitingChatRef, graph: TaskGraphView | null): void;
}

type WaitingPart = { waiting: WaitingDraftsState };
type SetWaiting = (change: WaitingPart | ((state: WaitingPart) => WaitingPart)) => void;

/**
 * The drafts waiting for approval across every agent and network, for the console's header and
 * navigation: `copilot.waitingDrafts` once, then moved on by `conversation.graphChanged` alone
 * (counted from each plan as the dock counts it). Only a chat that newly has drafts, whose title
 * and agent name the event does not carry, makes the list be asked again.
 */
export function createWaitingDraftsSlice(
  api: ApiClient,
  set: SetWaiting,
  get: () => WaitingPart,
): WaitingDraftsActions {
  /** The fetch under way, and whether another must follow it (a chat with new drafts came). */
  let inFlight: Promise<void> | null = null;
  let again = false;
  /** Counts the events gave while a fetch was under way: they win over its answer. */
  const seen = new Map<string, { ref: WaitingChatRef; count: number }>();
  /** Chats whose drafts made the list be asked again. */
  const asked = new Set<string>();
  /** Chats with drafts the runtime does not list (an agent gone from the configuration): not asked for again. */
  const unlisted = new Set<string>();

  const fetchOnce = async () => {
    seen.clear();
    const asking = new Set(asked);
    asked.clear();
    set((s) => ({
      waiting: { ...s.waiting, status: s.waiting.status === 'ready' ? 'ready' : 'loading', error: null },
    }));
    try {
      const answer = await api.call('copilot.waitingDrafts', {});
      const listed = new Set(answer.chats.map(waitingKey));
      for (const key of asking) if (!listed.has(key)) unlisted.add(key);
      let chats: readonly WaitingDrafts[] = answer.chats;
      for (const { ref, count } of seen.values()) {
        const changed = withDraftCount(chats, ref, count);
        chats = changed.chats;
        if (changed.unknown && !unlisted.has(waitingKey(ref))) {
          asked.add(waitingKey(ref));
          again = true;
        }
      }
      set({ waiting: { status: 'ready', chats, error: null } });
    } catch (error) {
      again = false;
      set((s) => ({
        waiting: {
          ...s.waiting,
          status: s.waiting.status === 'ready' ? 'ready' : 'error',
          error: errorMessage(error),
        },
      }));
    }
  };

  const load = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      try {
        do {
          again = false;
          await fetchOnce();
        } while (again);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    followWaitingDrafts() {
      if (get().waiting.status === 'idle') void load();
    },
    async reloadWaitingDrafts() {
      if (get().waiting.status === 'idle') return;
      unlisted.clear();
      await load();
    },
    applyWaitingGraph(ref, graph) {
      const { waiting } = get();
      if (waiting.status === 'idle') return;
      const key = waitingKey(ref);
      const count = draftsOf(graph).length;
      if (count === 0) unlisted.delete(key);
      if (inFlight) seen.set(key, { ref, count });
      // A first fetch under way answers with what it answers, then the counts seen since.
      if (waiting.status !== 'ready') return;
      const changed = withDraftCount(waiting.chats, ref, count);
      if (changed.chats !== waiting.chats) set((s) => ({ waiting: { ...s.waiting, chats: changed.chats } }));
      if (changed.unknown && !unlisted.has(key)) {
        asked.add(key);
        void load();
      }
    },
  };
}
