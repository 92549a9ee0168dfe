import { Api } from 'telegram';
import { fromTlLong, toTlLong } from '../big-numbers';
import type { MethodTable } from '../method-table';
import { badRequest } from '../rpc-failure';
import type { MediaRecord, StickerSetRecord } from '../store';
import type { MethodDeps } from './deps';

/** Sticker sets and file downloads. */
export function registerMediaMethods(table: MethodTable, deps: MethodDeps): void {
  const { store, views } = deps;

  table.on(Api.messages.GetStickerSet, (request, context) => {
    const me = context.me();
    const set = findSet(deps, request.stickerset);
    const emojis = [...new Set(set.stickers.map((sticker) => sticker.emoji))];
    return new Api.messages.StickerSet({
      set: views.stickerSet(set, me.id),
      packs: emojis.map(
        (emoticon) =>
          new Api.StickerPack({
            emoticon,
            documents: set.stickers
              .filter((sticker) => sticker.emoji === emoticon)
              .map((sticker) => toTlLong(sticker.document.id)),
          }),
      ),
      keywords: [],
      documents: set.stickers.map((sticker) => views.document(sticker.document)),
    });
  });

  table.on(Api.messages.GetAllStickers, (_request, context) => {
    const me = context.me();
    const sets = [...store.stickerSets.values()].filter((set) => set.installedBy.has(me.id));
    return new Api.messages.AllStickers({
      hash: toTlLong(0n),
      sets: sets.map((set) => views.stickerSet(set, me.id)),
    });
  });

  // Any document of the fake serves as a custom emoji (tests give theirs a custom emoji attribute).
  table.on(Api.messages.GetCustomEmojiDocuments, (request) =>
    request.documentId.flatMap((id) => {
      const document = store.documents.get(fromTlLong(id));
      return document ? [views.document(document)] : [];
    }),
  );

  const savePart = (fileId: string, part: number, bytes: Buffer) => {
    const parts = store.uploads.get(fileId) ?? [];
    parts[part] = bytes;
    store.uploads.set(fileId, parts);
    return true;
  };
  table.on(Api.upload.SaveFilePart, (request) =>
    savePart(request.fileId.toString(), request.filePart, request.bytes),
  );
  table.on(Api.upload.SaveBigFilePart, (request) =>
    savePart(request.fileId.toString(), request.filePart, request.bytes),
  );

  table.on(Api.upload.GetFile, (request) => {
    const media = findFile(deps, request.location);
    const offset = Number(fromTlLong(request.offset));
    if (offset < 0 || request.limit <= 0 || request.limit > 1024 * 1024) throw badRequest('LIMIT_INVALID');
    return new Api.upload.File({
      type: fileType(media),
      mtime: media.date,
      bytes: media.bytes.subarray(offset, offset + request.limit),
    });
  });
}

function findSet({ store }: MethodDeps, input: Api.TypeInputStickerSet): StickerSetRecord {
  for (const set of store.stickerSets.values()) {
    if (input instanceof Api.InputStickerSetID && fromTlLong(input.id) === set.id) {
      if (fromTlLong(input.accessHash) === set.accessHash) return set;
    }
    if (
      input instanceof Api.InputStickerSetShortName &&
      input.shortName.toLowerCase() === set.shortName.toLowerCase()
    ) {
      return set;
    }
  }
  throw badRequest('STICKERSET_INVALID');
}

function findFile({ store }: MethodDeps, location: Api.TypeInputFileLocation): MediaRecord {
  const isDocument = location instanceof Api.InputDocumentFileLocation;
  if (!isDocument && !(location instanceof Api.InputPhotoFileLocation)) throw badRequest('LOCATION_INVALID');
  const id = fromTlLong(location.id);
  const media = isDocument ? store.documents.get(id) : store.photos.get(id);
  if (!media || fromTlLong(location.accessHash) !== media.accessHash) throw badRequest('LOCATION_INVALID');
  if (!location.fileReference.equals(media.fileReference)) throw badRequest('FILE_REFERENCE_EXPIRED');
  return media;
}

function fileType(media: MediaRecord): Api.storage.TypeFileType {
  if (media.kind === 'photo') return new Api.storage.FileJpeg();
  if (media.mimeType === 'image/webp') return new Api.storage.FileWebp();
  if (media.mimeType === 'image/png') return new Api.storage.FilePng();
  return new Api.storage.FileUnknown();
}
