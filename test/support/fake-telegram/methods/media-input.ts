import { Api } from 'telegram';
import { fromTlLong } from '../big-numbers';
import { badRequest } from '../rpc-failure';
import type { MediaRecord, UserRecord } from '../store';
import type { MethodDeps } from './deps';

/**
 * Media a client may send: documents (stickers included) and photos the fake already holds, named
 * with their current file reference as Telegram requires.
 */
export function resolveMedia({ store }: MethodDeps, me: UserRecord, input: Api.TypeInputMedia): MediaRecord {
  if (input instanceof Api.InputMediaDocument && input.id instanceof Api.InputDocument) {
    const document = store.documents.get(fromTlLong(input.id.id));
    if (!document || document.accessHash !== fromTlLong(input.id.accessHash))
      throw badRequest('MEDIA_INVALID');
    if (!input.id.fileReference.equals(document.fileReference)) throw badRequest('FILE_REFERENCE_EXPIRED');
    if (document.premium && !me.premium) throw badRequest('PREMIUM_ACCOUNT_REQUIRED');
    return document;
  }
  if (input instanceof Api.InputMediaPhoto && input.id instanceof Api.InputPhoto) {
    const photo = store.photos.get(fromTlLong(input.id.id));
    if (!photo || photo.accessHash !== fromTlLong(input.id.accessHash)) throw badRequest('MEDIA_INVALID');
    if (!input.id.fileReference.equals(photo.fileReference)) throw badRequest('FILE_REFERENCE_EXPIRED');
    return photo;
  }
  if (input instanceof Api.InputMediaUploadedPhoto || input instanceof Api.InputMediaUploadedDocument) {
    return uploadedMedia(store, input);
  }
  throw badRequest('MEDIA_INVALID');
}

/** A file uploaded in parts (upload.saveFilePart), stored as the photo or document it is sent as. */
function uploadedMedia(
  store: MethodDeps['store'],
  input: Api.InputMediaUploadedPhoto | Api.InputMediaUploadedDocument,
): MediaRecord {
  const parts = store.uploads.get(input.file.id.toString());
  if (!parts || parts.length === 0) throw badRequest('FILE_PARTS_INVALID');
  store.uploads.delete(input.file.id.toString());
  const bytes = Buffer.concat(parts);
  const identity = { ...store.newFileIdentity(), date: now(), bytes };
  if (input instanceof Api.InputMediaUploadedPhoto) {
    const photo = { kind: 'photo' as const, ...identity, width: 640, height: 480 };
    store.photos.set(photo.id, photo);
    return photo;
  }
  const document = {
    kind: 'document' as const,
    ...identity,
    mimeType: input.mimeType,
    attributes: input.attributes,
    premium: false,
  };
  store.documents.set(document.id, document);
  return document;
}

const now = () => Math.floor(Date.now() / 1000);
