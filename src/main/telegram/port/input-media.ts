import { Api } from 'telegram';

/** A file the account has (a sticker, or a saved photo or document), as sendMedia takes it. */
export function inputMediaFor(file: Api.Photo | Api.Document): Api.InputMediaPhoto | Api.InputMediaDocument {
  const reference = { id: file.id, accessHash: file.accessHash, fileReference: file.fileReference };
  return file instanceof Api.Photo
    ? new Api.InputMediaPhoto({ id: new Api.InputPhoto(reference) })
    : new Api.InputMediaDocument({ id: new Api.InputDocument(reference) });
}

/** Whether a message shows this very file (how a resent media message is recognised). */
export function carriesFile(message: Api.Message, file: Api.Photo | Api.Document): boolean {
  const { media } = message;
  const carried =
    media instanceof Api.MessageMediaPhoto
      ? media.photo
      : media instanceof Api.MessageMediaDocument
        ? media.document
        : undefined;
  return (
    (carried instanceof Api.Photo || carried instanceof Api.Document) &&
    carried.className === file.className &&
    carried.id.equals(file.id)
  );
}
