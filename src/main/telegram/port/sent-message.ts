import { Api } from 'telegram';
import type { RandomId } from './random-id';

/**
 * The id of the message a send created, from Telegram's answer: updateShortSentMessage in
 * private chats, else the updateMessageID that pairs our random_id with the new id.
 */
export function sentMessageId(answer: Api.TypeUpdates, randomId: RandomId): number {
  if (answer instanceof Api.UpdateShortSentMessage) return answer.id;
  if (answer instanceof Api.Updates || answer instanceof Api.UpdatesCombined) {
    for (const update of answer.updates) {
      if (update instanceof Api.UpdateMessageID && update.randomId?.equals(randomId)) return update.id;
    }
    for (const update of answer.updates) {
      const isNew = update instanceof Api.UpdateNewMessage || update instanceof Api.UpdateNewChannelMessage;
      if (isNew && update.message.id > 0) return update.message.id;
    }
  }
  throw new Error(`Telegram answered the send with ${answer.className}, which names no message`);
}
