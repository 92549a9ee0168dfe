import { Api, helpers } from 'telegram';
import { MessagingError } from '../../messaging/port';
import type { AccountContext } from './account-context';

/** How many of the chat's latest messages are searched for a send Telegram calls a duplicate. */
const DUPLICATE_SEARCH_DEPTH = 30;

/**
 * The id of a message sent before under the same random_id (Telegram answered
 * RANDOM_ID_DUPLICATE to a resend after a crash), found among the agent's latest messages in the
 * chat by `isSameMessage`. Fails for good when it is not among them.
 */
export async function earlierSend(
  context: AccountContext,
  channelId: number,
  isSameMessage: (sent: Api.Message) => boolean,
  cause: MessagingError,
): Promise<number> {
  const answer = await context.account.invoke(
    new Api.messages.GetHistory({
      peer: await context.inputPeer(channelId),
      offsetId: 0,
      offsetDate: 0,
      addOffset: 0,
      limit: DUPLICATE_SEARCH_DEPTH,
      maxId: 0,
      minId: 0,
      hash: helpers.returnBigInt(0),
    }),
  );
  if (!(answer instanceof Api.messages.MessagesNotModified)) {
    const earlier = answer.messages.find(
      (message): message is Api.Message =>
        message instanceof Api.Message && message.out === true && isSameMessage(message),
    );
    if (earlier) return earlier.id;
  }
  throw new MessagingError(
    'Telegram says this message was sent already, but it is not among the latest ones.',
    {
      retryable: false,
      cause,
    },
  );
}
