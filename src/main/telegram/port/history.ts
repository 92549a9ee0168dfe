import { Api, helpers } from 'telegram';
import type { ChatMsg } from '../../../shared/domain/conversation';
import type { HistoryQuery } from '../../messaging/port';
import type { AccountContext } from './account-context';
import { toChatMsgs } from './agent-messages';

/** The most messages.getHistory returns at once. */
const PAGE_LIMIT = 100;

/**
 * The newest `limit` messages of a chat strictly between `afterMessageId` and `beforeMessageId`,
 * oldest first. messages.getHistory pages newest first from `offset_id` (exclusive) and keeps
 * only ids above `min_id`, which are exactly the query's bounds.
 */
export async function fetchHistory(
  context: AccountContext,
  channelId: number,
  query: HistoryQuery,
): Promise<ChatMsg[]> {
  const peer = await context.inputPeer(channelId);
  const limit = Math.max(0, Math.floor(query.limit));
  const collected: Api.TypeMessage[] = [];
  let offsetId = query.beforeMessageId ?? 0;
  while (collected.length < limit) {
    const pageSize = Math.min(PAGE_LIMIT, limit - collected.length);
    const answer = await context.account.invoke(
      new Api.messages.GetHistory({
        peer,
        offsetId,
        offsetDate: 0,
        addOffset: 0,
        limit: pageSize,
        maxId: 0,
        minId: query.afterMessageId ?? 0,
        hash: helpers.returnBigInt(0),
      }),
    );
    if (answer instanceof Api.messages.MessagesNotModified) break;
    context.remember(answer);
    const page = answer.messages.filter((message) => !(message instanceof Api.MessageEmpty));
    collected.push(...page);
    if (answer.messages.length < pageSize || page.length === 0) break;
    offsetId = Math.min(...page.map((message) => message.id));
  }
  return toChatMsgs(
    context,
    collected.sort((a, b) => a.id - b.id),
  );
}

/** One message as it now is, or null when it is gone. */
export async function fetchMessage(
  context: AccountContext,
  channelId: number,
  messageId: number,
): Promise<ChatMsg | null> {
  const [message] = await fetchHistory(context, channelId, {
    limit: 1,
    afterMessageId: messageId - 1,
    beforeMessageId: messageId + 1,
  });
  return message ?? null;
}
