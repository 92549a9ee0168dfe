import type { ConversationKey } from '../../shared/domain/conversation-key';
import { normalizeFactKey } from '../../shared/domain/fact-key';
import type {
  FactCategory,
  MemoryEntry,
  MemoryFact,
  MemoryScope,
  MemorySummary,
} from '../../shared/domain/memory';
import type { FactOwner, MemoryOwner, Store } from '../store';
import { randomHex8 } from '../tasks/task-id';
import { normalizeCreated } from './entries/created-time';
import { newFactId, recordFact } from './facts/record-fact';
import { applySummarizeTask } from './summaries/apply-summary';

/** What the operator's change could not do, in words for the form that asked. */
export class MemoryEditError extends Error {
  override readonly name = 'MemoryEditError';
  constructor(
    message: string,
    readonly kind: 'not_found' | 'invalid',
  ) {
    super(message);
  }
}

/** The id prefix of entries the operator creates, per list. */
const ENTRY_ID_PREFIX: Record<MemoryScope, string> = {
  memory: 'memory',
  intention: 'intent',
  note: 'note',
  plan: 'plan',
};

export interface EditContext {
  timeZone: string;
  now: Date;
}

/**
 * The operator writes an entry into a list, as the agent's task would: an id rewrites that entry
 * in place (or creates it under that id), no id creates a new one.
 */
export function putEntryAsOperator(
  store: Store,
  owner: MemoryOwner,
  draft: { id?: string | undefined; content: string; created?: string | undefined },
  context: EditContext,
): MemoryEntry {
  const id = draft.id ?? `${ENTRY_ID_PREFIX[owner.scope]}-${randomHex8()}`;
  return store.transaction(() => {
    const existing = store.memoryEntries.get(owner, id);
    const entry: MemoryEntry = {
      id,
      content: draft.content.trim(),
      created:
        draft.created === undefined && existing
          ? existing.created
          : normalizeCreated(draft.created, context.timeZone, context.now),
      // A memory keeps where the agent made it; one the operator makes comes from no chat.
      creationChannelId: existing?.creationChannelId ?? null,
      creationChannelName: existing?.creationChannelName ?? null,
    };
    store.memoryEntries.put(owner, entry, context.now);
    return entry;
  });
}

/**
 * The operator writes a summary of messages `minMessageId`..`maxMessageId`. Its range is kept to
 * the messages the archive holds, so a typo cannot hide unsummarized messages from the prompt;
 * its dates come from those messages.
 */
export function putSummaryAsOperator(
  store: Store,
  conversation: ConversationKey,
  draft: { id?: string | undefined; content: string; minMessageId: number; maxMessageId: number },
  context: EditContext,
): MemorySummary {
  const inRange = store.archive
    .page(conversation, {
      beforeMessageId: draft.maxMessageId + 1,
      limit: draft.maxMessageId - draft.minMessageId + 1,
    })
    .filter((message) => message.messageId >= draft.minMessageId);
  if (inRange.length === 0) {
    throw new MemoryEditError(
      `No archived message of this conversation has an id from ${draft.minMessageId} to ${draft.maxMessageId}.`,
      'invalid',
    );
  }
  const shown = [inRange[0]!, inRange.at(-1)!];
  const outcome = store.transaction(() =>
    applySummarizeTask(
      store.summaries,
      {
        id: draft.id ?? `summary-${randomHex8()}`,
        content: draft.content,
        min_message_id: draft.minMessageId,
        max_message_id: draft.maxMessageId,
      },
      {
        conversation,
        timeZone: context.timeZone,
        now: context.now,
        origin: 'operator',
        shown,
        freshIds: false,
      },
    ),
  );
  if (outcome.outcome === 'refused') throw new MemoryEditError(outcome.reason, 'invalid');
  return store.summaries.get(conversation, outcome.id)!;
}

/**
 * The operator states a fact about a person. Correcting one (`supersedes`) writes the new fact
 * and marks the old as superseded by it, keeping its key unless another is given; the history
 * keeps both.
 */
export function putFactAsOperator(
  store: Store,
  owner: FactOwner,
  draft: {
    supersedes?: string | undefined;
    category: FactCategory;
    key?: string | undefined;
    content: string;
  },
  now: Date,
): MemoryFact {
  return store.transaction(() => {
    if (draft.supersedes === undefined) {
      return recordFact(
        store.facts,
        owner,
        { ...draft, sourceChannelId: null, sourceMessageIds: [], writtenBy: 'operator' },
        now,
      ).fact;
    }
    const previous = store.facts.get(owner, draft.supersedes);
    if (!previous || previous.supersededAt !== null || previous.retractedAt !== null) {
      throw new MemoryEditError(
        'That fact has changed meanwhile: reload to see what the agent knows now.',
        'not_found',
      );
    }
    const fact = store.facts.insert(
      owner,
      {
        id: newFactId(),
        category: draft.category,
        key: draft.key === undefined ? previous.key : normalizeFactKey(draft.key),
        content: draft.content.trim(),
        sourceChannelId: previous.sourceChannelId,
        sourceMessageIds: previous.sourceMessageIds,
        writtenBy: 'operator',
      },
      now,
    );
    store.facts.supersede(owner, previous.id, fact.id, now);
    return fact;
  });
}
