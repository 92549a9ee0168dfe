import type { ChatMsg } from '../../shared/domain/conversation';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { Store } from '../store';
import { toArchivedMessage } from './archive-message';

/**
 * Writes what an agent saw or sent to the conversation archive. Call inside the transaction of
 * the bookkeeping the messages belong to (an inbound event, a turn, a send), so a crash keeps
 * both or neither.
 */
export function archiveMessages(
  store: Pick<Store, 'archive'>,
  conversation: ConversationKey,
  messages: readonly ChatMsg[],
  now: Date,
): void {
  if (messages.length === 0) return;
  store.archive.put(conversation, messages.map(toArchivedMessage), now);
}

/** Records that messages were deleted; the archive keeps them, marked, and searches skip them. */
export function archiveDeletion(
  store: Pick<Store, 'archive'>,
  conversation: ConversationKey,
  messageIds: readonly number[],
  now: Date,
): void {
  store.archive.markDeleted(conversation, messageIds, now);
}
