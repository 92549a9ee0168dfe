import type { ChatMsg } from '../../../shared/domain/conversation';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { FactCategory } from '../../../shared/domain/memory';
import type { Store } from '../../store';
import { type FactWrite, recordFact } from './record-fact';

export interface RememberFactTask {
  content: string;
  category: FactCategory;
  key?: string | undefined;
  about?: number | undefined;
}

export interface RememberFactContext {
  conversation: ConversationKey;
  isGroup: boolean;
  /** The messages the turn saw: the source of the fact is the person's latest message in them. */
  history: readonly ChatMsg[];
  now: Date;
}

/**
 * A `remember` task with a category: a fact the agent keeps about a person, the partner of a
 * direct chat or the group member it names. Its source is that person's latest message the turn
 * saw. Call inside the transaction that completes the turn.
 */
export function rememberFact(
  store: Store,
  task: RememberFactTask,
  context: RememberFactContext,
): FactWrite | { outcome: 'refused'; reason: string } {
  const { conversation } = context;
  const about = task.about ?? (context.isGroup ? null : conversation.channelId);
  if (about === null)
    return { outcome: 'refused', reason: 'in a group, a fact needs `about`: the person’s user id' };
  const source = [...context.history]
    .reverse()
    .find((message) => !message.isAgent && message.senderId === about);
  return recordFact(
    store.facts,
    { agent: conversation.agent, network: conversation.network, partnerId: about },
    {
      category: task.category,
      key: task.key ?? null,
      content: task.content,
      sourceChannelId: conversation.channelId,
      sourceMessageIds: source ? [source.messageId] : [],
      writtenBy: 'agent',
    },
    context.now,
  );
}
