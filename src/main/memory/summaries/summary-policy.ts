import type { MemorySummary } from '../../../shared/domain/memory';

/** When a conversation is summarized, and how much of it: the same rule the turn and the console follow. */
export const SUMMARY_POLICY = {
  /** A turn that sees this many messages newer than every summary asks for a summarization. */
  unsummarizedTrigger: 70,
  /** The newest messages stay out of an automatic summary: the prompt shows them as they are. */
  keepNewest: 20,
  /** With this many summaries in a chat, the oldest are merged into one. */
  consolidateAt: 7,
  /** How many of the oldest summaries one consolidation merges. */
  consolidateCount: 5,
  /** The most messages one summarization call reads; a longer backlog takes several calls. */
  maxMessagesPerCall: 200,
} as const;

interface Identified {
  messageId: number;
}

/** The messages no summary covers yet: newer than the highest summarized id, in order. */
export function unsummarized<Message extends Identified>(
  messages: readonly Message[],
  highestSummarizedId: number | null,
): Message[] {
  return highestSummarizedId === null
    ? [...messages]
    : messages.filter((message) => message.messageId > highestSummarizedId);
}

/**
 * What an automatic summarization covers, given the messages a turn saw: every unsummarized
 * message but the newest few, once enough have gathered; null while too few have.
 */
export function automaticSummaryBatch<Message extends Identified>(
  messages: readonly Message[],
  highestSummarizedId: number | null,
): Message[] | null {
  const pending = unsummarized(messages, highestSummarizedId);
  if (pending.length < SUMMARY_POLICY.unsummarizedTrigger) return null;
  return pending.slice(0, pending.length - SUMMARY_POLICY.keepNewest);
}

/** The oldest summaries to merge into one, or null while the chat has few enough. */
export function consolidationBatch(summaries: readonly MemorySummary[]): MemorySummary[] | null {
  if (summaries.length < SUMMARY_POLICY.consolidateAt) return null;
  return [...summaries]
    .sort((a, b) => a.minMessageId - b.minMessageId || a.maxMessageId - b.maxMessageId)
    .slice(0, SUMMARY_POLICY.consolidateCount);
}

/** Splits a backlog into calls of at most `maxMessagesPerCall` messages, oldest first. */
export function summaryCalls<Message>(messages: readonly Message[]): Message[][] {
  const calls: Message[][] = [];
  for (let start = 0; start < messages.length; start += SUMMARY_POLICY.maxMessagesPerCall) {
    calls.push(messages.slice(start, start + SUMMARY_POLICY.maxMessagesPerCall));
  }
  return calls;
}
