import type { RecallItem } from '../../../src/shared/api/memory-contract';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import type { MemoryEntry, MemoryFact, MemorySummary } from '../../../src/shared/domain/memory';

export function messageText(message: ChatMsg): string {
  return message.parts.map((part) => (part.kind === 'text' ? part.text : '')).join(' ');
}

/** What a conversation's recall searches: its messages, summaries and notes, the agent's memories, the partner's facts. */
export type RecallSources = {
  messages: readonly ChatMsg[];
  summaries: readonly MemorySummary[];
  notes: readonly MemoryEntry[];
  memories: readonly MemoryEntry[];
  facts: readonly MemoryFact[];
};

/**
 * The fake runtime's recall: every item sharing a word (three letters or more) with the question,
 * scored by the share of the question's words it holds, best first. A stand-in for the runtime's
 * full-text recall, with the same kinds, dates and message ids.
 */
export function recallFrom(sources: RecallSources, query: string): RecallItem[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  const entry = (kind: 'note' | 'memory') => (item: MemoryEntry) => ({
    kind,
    text: item.content,
    date: item.created,
    messageIds: [],
  });
  const candidates: Array<Omit<RecallItem, 'score'>> = [
    ...sources.messages.map((message) => ({
      kind: 'message' as const,
      text: messageText(message),
      date: message.sentAt,
      messageIds: [message.messageId],
    })),
    ...sources.summaries.map((summary) => ({
      kind: 'summary' as const,
      text: summary.content,
      date: summary.lastMessageDate,
      messageIds: [summary.minMessageId, summary.maxMessageId],
    })),
    ...sources.notes.map(entry('note')),
    ...sources.memories.map(entry('memory')),
    ...sources.facts.map((fact) => ({
      kind: 'fact' as const,
      text: fact.content,
      date: fact.writtenAt,
      messageIds: fact.sourceMessageIds,
    })),
  ];
  return candidates
    .map((item) => {
      const haystack = item.text.toLowerCase();
      const hits = words.filter((word) => haystack.includes(word)).length;
      return { ...item, score: words.length === 0 ? 0 : hits / words.length };
    })
    .filter((item) => item.score > 0)
    .sort((a, b) => b.score - a.score);
}
