import type { AgentConfig } from '../../../shared/domain/config';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { MemorySummary } from '../../../shared/domain/memory';
import type { Embedder } from '../../llm';
import type { Logger } from '../../logging';
import {
  automaticSummaryBatch,
  memoryOwner,
  recallMemory,
  renderRecalledMemory,
  searchableText,
  unsummarized,
} from '../../memory';
import type { KnownPerson } from '../../prompt';
import type { Store } from '../../store';
import type { MemoryTouch } from '../engine-core';

export interface TurnMemory {
  /** The conversation's summaries, oldest first, for the prompt. */
  summaries: MemorySummary[];
  /** The fetched messages no summary covers: the history the prompt may show. */
  unsummarized: ChatMsg[];
  /** What an automatic summarization should cover now, or null when it is not due. */
  dueForSummary: ChatMsg[] | null;
  /** The people of the conversation and what the agent knows about them. */
  people: KnownPerson[];
  /** What a fresh start forgot (plans, summaries), for the views showing it. */
  forgotten: MemoryTouch[];
}

/** In a group, the facts of this many of the latest speakers are shown. */
const GROUP_PEOPLE_SHOWN = 12;

/**
 * Whom the conversation is with: the partner of a direct chat, or the latest speakers of a
 * group, newest first, each with the facts the agent knows about them.
 */
function conversationPeople(
  store: Store,
  conversation: ConversationKey,
  input: { history: readonly ChatMsg[]; isGroup: boolean; chatTitle: string },
): KnownPerson[] {
  const names = new Map<number, string>();
  if (!input.isGroup) names.set(conversation.channelId, input.chatTitle);
  else {
    for (const message of [...input.history].reverse()) {
      if (message.isAgent || message.senderId === null || names.has(message.senderId)) continue;
      names.set(message.senderId, message.senderName ?? `user ${message.senderId}`);
      if (names.size === GROUP_PEOPLE_SHOWN) break;
    }
  }
  const { agent, network } = conversation;
  return [...names].map(([id, name]) => ({
    id,
    name,
    facts: store.facts.current({ agent, network, partnerId: id }),
    profile: store.sessionMemory.profile(agent, network, id)?.text ?? null,
  }));
}

/**
 * What a turn knows of the conversation beyond its messages: its summaries and the facts about
 * its people. A new conversation starts clean when
 * the agent says so: Reset Context On First Message forgets the plans and summaries, Clear
 * Summaries On First Message the summaries. Messages a summary covers leave the history; once
 * enough uncovered ones gather, all but the newest are due for summarizing (never in the chat
 * with oneself, which is the agent's notebook).
 */
export function turnMemory(
  store: Store,
  conversation: ConversationKey,
  input: {
    agent: AgentConfig;
    history: readonly ChatMsg[];
    newConversation: boolean;
    isSelfChat: boolean;
    isGroup: boolean;
    chatTitle: string;
  },
): TurnMemory {
  const { agent } = input;
  const forgotten: MemoryTouch[] = [];
  if (input.newConversation && (agent.resetContextOnFirstMessage || agent.clearSummariesOnFirstMessage)) {
    store.transaction(() => {
      if (
        agent.resetContextOnFirstMessage &&
        store.memoryEntries.clear(memoryOwner('plan', conversation)) > 0
      ) {
        forgotten.push({ what: 'entries' });
      }
      if (store.summaries.clear(conversation) > 0) forgotten.push({ what: 'summaries' });
    });
  }
  const summaries = store.summaries.list(conversation);
  const highest = summaries.length === 0 ? null : Math.max(...summaries.map((s) => s.maxMessageId));
  return {
    summaries,
    unsummarized: unsummarized(input.history, highest),
    dueForSummary: input.isSelfChat ? null : automaticSummaryBatch(input.history, highest),
    people: input.isSelfChat ? [] : conversationPeople(store, conversation, input),
    forgotten,
  };
}

const RECALLED_IN_TURNS = ['message', 'topic'] as const;

/** The latest messages a recall query is made of: what was just said, and the turns before it. */
const RECALL_QUERY_MESSAGES = 6;

/**
 * What the agent recalls before the turn, as the final user turn shows it after the history: a
 * heading and the `<recalled_memory>` block, or '' when nothing bears on what was just said.
 * Recall looks only before the history shown, and never fails the turn.
 */
export async function recalledMemoryContext(
  store: Store,
  conversation: ConversationKey,
  input: {
    shown: readonly ChatMsg[];
    now: Date;
    timeZone: string;
    /** The people of the conversation, whose facts recall may bring back. */
    partnerIds: readonly number[];
    embedder: Embedder | null;
    logger: Logger;
  },
): Promise<string> {
  const queryTexts = input.shown
    .slice(-RECALL_QUERY_MESSAGES)
    .map((message) => searchableText(message.parts))
    .filter((text) => text.trim() !== '');
  if (queryTexts.length === 0) return '';
  const items = await recallMemory(
    store,
    {
      conversation,
      queryTexts,
      beforeMessageId: input.shown[0]?.messageId ?? null,
      now: input.now,
      timeZone: input.timeZone,
      // The prompt shows the summaries, notes, memories and facts of the chat's people already.
      kinds: RECALLED_IN_TURNS,
      partnerIds: input.partnerIds,
      embedder: input.embedder,
    },
    input.logger,
  );
  const block = renderRecalledMemory(items, input.timeZone);
  if (block === '') return '';
  return `# Recalled Memory\n\nOlder things you know that may bear on this turn, found in your memory just now. Use them only where they fit; never quote them as if they were new.\n\n${block}`;
}
