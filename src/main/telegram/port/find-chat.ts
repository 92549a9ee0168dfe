import { Api } from 'telegram';
import type { ChatQuery } from '../../../shared/domain/chat-query';
import { MessagingError } from '../../messaging/port';
import { rpcErrorCode } from '../accounts';
import { markedPeerId } from '../mapping';
import { type AccountContext, UnknownChatError } from './account-context';

/** Telegram's answers that mean "no such person or chat", as opposed to a failure. */
const NOT_FOUND_CODES = new Set([
  'USERNAME_NOT_OCCUPIED',
  'USERNAME_INVALID',
  'PHONE_NOT_OCCUPIED',
  'PHONE_NUMBER_INVALID',
  'PEER_ID_INVALID',
  'CHANNEL_INVALID',
  'CHANNEL_PRIVATE',
  'CHAT_ID_INVALID',
]);

function isNotFound(error: unknown): boolean {
  if (error instanceof UnknownChatError) return true;
  return error instanceof MessagingError && NOT_FOUND_CODES.has(rpcErrorCode(error.cause) ?? '');
}

/**
 * The marked id of the chat a query names: an id as given; a @username or +phone resolved by
 * Telegram (contacts.resolveUsername / contacts.resolvePhone), its entities remembered so the
 * chat can be reached next. Null when Telegram knows no such person or chat.
 */
export async function findChatId(context: AccountContext, query: ChatQuery): Promise<number | null> {
  try {
    if (query.kind === 'id') {
      await context.inputPeer(query.id);
      return query.id;
    }
    const resolved = await context.account.invoke(
      query.kind === 'username'
        ? new Api.contacts.ResolveUsername({ username: query.username })
        : new Api.contacts.ResolvePhone({ phone: query.phone.replace(/^\+/, '') }),
    );
    context.remember(resolved);
    return markedPeerId(resolved.peer);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
