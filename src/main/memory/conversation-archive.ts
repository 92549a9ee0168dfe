import type { ChatMsg } from '../../shared/domain/conversation';
import type { ConversationKey } from '../../shared/domain/conversation-key';
import type { ArchivedMessage, Store } from '../store';
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

/** Pages read back from the archive at once when collecting a backlog. */
const BACKLOG_PAGE = 500;

/**
 * The archived messages of a conversation newer than `afterMessageId`, oldest first, deleted
 * ones left out; at most `limit` (the newest of them), so an imported history of years cannot
 * turn one request into a thousand calls.
 */
export function archivedSince(
  store: Pick<Store, 'archive'>,
  conversation: ConversationKey,
  afterMessageId: number,
  limit: number,
): ArchivedMessage[] {
  const collected: ArchivedMessage[] = [];
  let before: number | undefined;
  while (collected.length < limit) {
    const page = store.archive.page(conversation, {
      ...(before === undefined ? {} : { beforeMessageId: before }),
      limit: BACKLOG_PAGE,
    });
    const newer = page.filter((message) => message.messageId > afterMessageId);
    collected.unshift(...newer);
    if (newer.length < page.length || page.length < BACKLOG_PAGE) break;
    before = page[0]!.messageId;
  }
  return collected.slice(-limit).filter((message) => message.deletedAt === null);
}
