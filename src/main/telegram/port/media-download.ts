import { Api, helpers } from 'telegram';
import { type DownloadOptions, type MediaSource, MediaTooLargeError } from '../../messaging/port';
import { chatPhotoOf, fileUniqueId, isMediaItem, largestPhotoBytes, messageMediaContent } from '../mapping';
import type { AccountContext } from './account-context';
import { withFreshFileReference } from './file-references';
import { downloadFile } from './file-transfer';
import { fullChat } from './full-chat';

/** The size Telegram gives for a file, before any byte is fetched. */
function fileBytes(file: Api.Photo | Api.Document): number | null {
  return file instanceof Api.Document ? file.size.toJSNumber() : largestPhotoBytes(file);
}

/** The message as Telegram has it now, or null when it is gone. */
async function rawMessage(
  context: AccountContext,
  channelId: number,
  messageId: number,
): Promise<Api.Message | Api.MessageService | null> {
  const answer = await context.account.invoke(
    new Api.messages.GetHistory({
      peer: await context.inputPeer(channelId),
      offsetId: messageId + 1,
      offsetDate: 0,
      addOffset: 0,
      limit: 1,
      maxId: 0,
      minId: messageId - 1,
      hash: helpers.returnBigInt(0),
    }),
  );
  if (answer instanceof Api.messages.MessagesNotModified) return null;
  context.remember(answer);
  const found = answer.messages.find((message) => message.id === messageId);
  return found instanceof Api.Message || found instanceof Api.MessageService ? found : null;
}

/** Finds the file a source names, with a fresh file reference (they expire). */
async function findFile(
  context: AccountContext,
  source: MediaSource,
): Promise<Api.Photo | Api.Document | null> {
  switch (source.kind) {
    case 'message': {
      const message = await rawMessage(context, source.channelId, source.messageId);
      if (!message) return null;
      const item = messageMediaContent(message, context.stickers.lookup)
        .filter(isMediaItem)
        .find((candidate) => candidate.part.uniqueId === source.uniqueId);
      return item?.file ?? null;
    }
    case 'sticker':
      return context.stickers.documentWithId(source.uniqueId, true);
    case 'library':
      return (await context.savedMessages.mediaFile(source.uniqueId))?.file ?? null;
    case 'custom-emoji':
      return context.customEmoji.document(source.uniqueId);
    case 'chat-photo':
      return chatPhotoOf(await fullChat(context, source.channelId));
    case 'set-sticker': {
      const contents = await context.stickers.setContents(source.setName);
      return contents?.stickers.find((sticker) => sticker.ref.uniqueId === source.uniqueId)?.document ?? null;
    }
  }
}

/**
 * The bytes of a file the agent can see (see MessagingPort.downloadMedia). The size Telegram
 * states is checked before downloading, the bytes after, so a file over the limit never fills
 * memory. An expired file reference is renewed and the download tried once more.
 */
export async function downloadMedia(
  context: AccountContext,
  source: MediaSource,
  options: DownloadOptions,
): Promise<Uint8Array | null> {
  return withFreshFileReference(context, async () => {
    const file = await findFile(context, source);
    if (!file || fileUniqueId(file) !== source.uniqueId) return null;
    const stated = fileBytes(file);
    if (stated !== null && stated > options.maxBytes) throw new MediaTooLargeError(stated, options.maxBytes);
    options.signal?.throwIfAborted();
    const bytes = await downloadFile(context.account, file);
    if (bytes.length > options.maxBytes) throw new MediaTooLargeError(bytes.length, options.maxBytes);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  });
}
