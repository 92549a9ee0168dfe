import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { MemoryScope } from '../../../shared/domain/memory';
import type { EngineMemoryRepository, MemoryOwner } from '../../store';
import { normalizeCreated } from './created-time';

/** The immediate task kinds that keep an entry, and the list each writes to. */
export const PROPERTY_ENTRY_SCOPES = {
  remember: 'memory',
  intend: 'intention',
  note: 'note',
  plan: 'plan',
} as const satisfies Record<string, MemoryScope>;

export type PropertyEntryKind = keyof typeof PROPERTY_ENTRY_SCOPES;

export function isPropertyEntryKind(kind: string): kind is PropertyEntryKind {
  return Object.hasOwn(PROPERTY_ENTRY_SCOPES, kind);
}

export function memoryOwner(scope: MemoryScope, conversation: ConversationKey): MemoryOwner {
  const { agent, network, channelId } = conversation;
  switch (scope) {
    case 'memory':
    case 'intention':
      return { agent, network, scope };
    case 'note':
    case 'plan':
      return { agent, network, scope, channelId };
    default: {
      const unknown: never = scope;
      throw new Error(`Unknown memory scope ${String(unknown)}`);
    }
  }
}

export interface PropertyEntryTask {
  kind: PropertyEntryKind;
  /** The entry's id: the model's task id, so it can revise or delete the entry later. */
  id: string;
  content?: string | undefined;
  created?: string | undefined;
}

export interface PropertyEntryContext {
  conversation: ConversationKey;
  /** The chat's title, recorded on new memories as where they were made. */
  channelName: string;
  timeZone: string;
  now: Date;
}

export type PropertyEntryOutcome = 'created' | 'updated' | 'deleted' | 'absent';

/**
 * Applies a remember / intend / note / plan task: non-empty content creates the entry or replaces
 * it in place; empty content deletes it. `created` is normalised into the agent's zone; an update
 * without one keeps the old value. A memory remembers the conversation it was made in, and keeps
 * that origin when it is revised from elsewhere.
 */
export function applyPropertyEntryTask(
  repository: EngineMemoryRepository,
  task: PropertyEntryTask,
  context: PropertyEntryContext,
): PropertyEntryOutcome {
  const scope = PROPERTY_ENTRY_SCOPES[task.kind];
  const owner = memoryOwner(scope, context.conversation);
  const content = task.content?.trim() ?? '';
  if (content === '') return repository.delete(owner, task.id) ? 'deleted' : 'absent';

  const existing = repository.get(owner, task.id);
  const created =
    task.created === undefined && existing
      ? existing.created
      : normalizeCreated(task.created, context.timeZone, context.now);
  const isMemory = scope === 'memory';
  return repository.put(
    owner,
    {
      id: task.id,
      content,
      created,
      creationChannelId: isMemory ? (existing?.creationChannelId ?? context.conversation.channelId) : null,
      creationChannelName: isMemory ? (existing?.creationChannelName ?? context.channelName) : null,
    },
    context.now,
  );
}
