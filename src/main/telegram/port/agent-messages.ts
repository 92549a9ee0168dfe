import { Api } from 'telegram';
import type { ChatMsg } from '../../../shared/domain/conversation';
import { customEmojiIdsOf, mapMessage, stickerSetInputsOf } from '../mapping';
import type { AccountContext } from './account-context';

/**
 * Telegram messages as ChatMsgs for the agent. The entities they name must have been remembered
 * first (from the update or answer they came in); their sticker sets and custom emoji are
 * fetched here when new.
 * Each message is also remembered (its chat, and whether the agent sent it).
 */
export async function toChatMsgs(
  context: AccountContext,
  messages: readonly Api.TypeMessage[],
): Promise<ChatMsg[]> {
  const real = messages.filter(
    (message): message is Api.Message | Api.MessageService =>
      message instanceof Api.Message || message instanceof Api.MessageService,
  );
  await Promise.all([
    context.stickers.resolve(real.flatMap(stickerSetInputsOf)),
    context.customEmoji.resolve(real.flatMap(customEmojiIdsOf)),
  ]);
  const mappingContext = {
    selfId: context.selfId,
    peers: context.entities.directory(),
    stickerSets: context.stickers.lookup,
    customEmoji: context.customEmoji.lookup,
  };
  return real.map((message) => {
    const chatMsg = mapMessage(message, mappingContext);
    context.memory.remember(chatMsg.channelId, chatMsg.messageId, chatMsg.isAgent);
    return chatMsg;
  });
}
