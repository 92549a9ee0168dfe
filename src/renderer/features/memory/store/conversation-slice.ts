import type { ApiClient } from '../../../../shared/api/client';
import type { MemorySummary, SessionSummary } from '../../../../shared/domain/memory';
import { conversationKey, conversationOf } from '../model';
import { removal, revision } from './by-id';
import type { RunModel } from './model-runs';
import type { Parts } from './parts';
import type { ConversationMemoryActions } from './types';

/** The runtime's order of a chat's summaries: by the messages they cover. */
function byRange(a: MemorySummary, b: MemorySummary): number {
  return a.minMessageId - b.minMessageId || a.maxMessageId - b.maxMessageId || a.id.localeCompare(b.id);
}

/** A conversation's summaries and topic summaries. */
export function createConversationMemoryActions(
  api: ApiClient,
  parts: Parts,
  runModel: RunModel,
): ConversationMemoryActions {
  return {
    loadSummaries: (ref) =>
      parts.load(
        'summaries',
        conversationKey(ref),
        async () => (await api.call('memory.summaries', conversationOf(ref))).summaries,
      ),

    putSummary(ref, draft) {
      const mutation = revision<MemorySummary>(
        draft.id,
        async () =>
          (await api.call('memory.putSummary', { conversation: conversationOf(ref), summary: draft }))
            .summary,
        (summary) => ({
          ...summary,
          content: draft.content.trim(),
          minMessageId: draft.minMessageId,
          maxMessageId: draft.maxMessageId,
        }),
      );
      return parts.mutate('summaries', conversationKey(ref), {
        ...mutation,
        settle: (summaries, summary) => mutation.settle!(summaries, summary).sort(byRange),
      });
    },

    async deleteSummary(ref, id) {
      await parts.mutate(
        'summaries',
        conversationKey(ref),
        removal<MemorySummary, unknown>(id, () =>
          api.call('memory.deleteSummary', { conversation: conversationOf(ref), id }),
        ),
      );
    },

    // What it wrote comes back as `memory.changed`, which reloads the summaries on screen.
    summarizeNow: (ref) =>
      runModel('summarizing', conversationKey(ref), () =>
        api.call('memory.summarizeNow', conversationOf(ref)),
      ),

    loadSessions: (ref) =>
      parts.load(
        'sessions',
        conversationKey(ref),
        async () => (await api.call('memory.sessions', conversationOf(ref))).sessions,
      ),

    async deleteSession(ref, id) {
      await parts.mutate(
        'sessions',
        conversationKey(ref),
        removal<SessionSummary, unknown>(id, () =>
          api.call('memory.deleteSession', { conversation: conversationOf(ref), id }),
        ),
      );
    },
  };
}
