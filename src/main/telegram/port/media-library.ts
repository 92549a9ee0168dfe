import { randomUUID } from 'node:crypto';
import { Api } from 'telegram';
import type { LibraryFile, MediaRef } from '../../messaging/port';
import { classifyDocument, fileUniqueId } from '../mapping';
import type { AccountContext } from './account-context';
import { uploadFile } from './file-transfer';
import { randomIdFor } from './random-id';

/** The photo or document a sent message carries. */
function fileOfUpdates(updates: Api.TypeUpdates): Api.Photo | Api.Document | null {
  if (!(updates instanceof Api.Updates || updates instanceof Api.UpdatesCombined)) return null;
  for (const update of updates.updates) {
    if (!(update instanceof Api.UpdateNewMessage) || !(update.message instanceof Api.Message)) continue;
    const { media } = update.message;
    if (media instanceof Api.MessageMediaPhoto && media.photo instanceof Api.Photo) return media.photo;
    if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document)
      return media.document;
  }
  return null;
}

/**
 * Saves a file to the agent's Saved Messages, its media library: uploaded in parts, then sent to
 * itself as a photo or as a file. Returns the item as the library lists it.
 */
export async function addToLibrary(context: AccountContext, file: LibraryFile): Promise<MediaRef> {
  const input = await uploadFile(context.account, file.bytes, file.fileName);
  const media = file.asPhoto
    ? new Api.InputMediaUploadedPhoto({ file: input })
    : new Api.InputMediaUploadedDocument({
        file: input,
        mimeType: file.mimeType,
        attributes: [new Api.DocumentAttributeFilename({ fileName: file.fileName })],
      });
  const updates = await context.account.invoke(
    new Api.messages.SendMedia({
      peer: new Api.InputPeerSelf(),
      media,
      message: '',
      // A new random id each time: saving the same file twice is the operator's choice.
      randomId: randomIdFor(randomUUID()),
    }),
  );
  context.savedMessages.forget();
  const saved = fileOfUpdates(updates);
  if (!saved) throw new Error('Telegram did not say which file it saved.');
  const kind = saved instanceof Api.Photo ? 'photo' : classifyDocument(saved).mediaKind;
  return { uniqueId: fileUniqueId(saved), kind, description: null };
}

/** Deletes every saved message holding the file; false when the library did not have it. */
export async function removeFromLibrary(context: AccountContext, uniqueId: string): Promise<boolean> {
  const saved = await context.savedMessages.mediaFile(uniqueId);
  if (!saved) return false;
  await context.account.invoke(new Api.messages.DeleteMessages({ id: saved.messageIds, revoke: true }));
  context.savedMessages.forget();
  return true;
}
