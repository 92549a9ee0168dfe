import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { MemorySummary } from '../../../shared/domain/memory';
import { automaticSummaryBatch, memoryOwner, unsummarized } from '../../memory';
import type { Store } from '../../store';

export interface TurnMemory {
  /** The conversation's summaries, oldest first, for the prompt. */
  summaries: MemorySummary[];
  /** The fetched messages no summary covers: the history the prompt may show. */
  unsummarized: ChatMsg[];
  /** What an automatic summarization should cover now, or null when it is not due. */
  dueForSummary: ChatMsg[] | null;
}

/**
 * What a turn knows of the conversation beyond its messages. A new conversation starts clean when
 * the agent says so: Reset Context On First Message forgets the plans and summaries, Clear
 * Summaries On First Message the summaries. Messages a summary covers leave the history; once
 * enough uncovered ones gather, all but the newest are due for summarizing (never in the chat
 * with oneself, which is the agent's notebook).
 */
export function turnMemory(
  store: Store,
  conversation: ConversationKey,
  input: { agent: AgentConfig; history: readonly ChatMsg[]; newConversation: boolean; isSelfChat: boolean },
): TurnMemory {
  const { agent } = input;
  if (input.newConversation && (agent.resetContextOnFirstMessage || agent.clearSummariesOnFirstMessage)) {
    store.transaction(() => {
      if (agent.resetContextOnFirstMessage) store.memoryEntries.clear(memoryOwner('plan', conversation));
      store.summaries.clear(conversation);
    });
  }
  const summaries = store.summaries.list(conversation);
  const highest = summaries.length === 0 ? null : Math.max(...summaries.map((s) => s.maxMessageId));
  return {
    summaries,
    unsummarized: unsummarized(input.history, highest),
    dueForSummary: input.isSelfChat ? null : automaticSummaryBatch(input.history, highest),
  };
}
