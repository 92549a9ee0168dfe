import { Api } from 'telegram';
import { CustomFile } from 'telegram/client/uploads.js';
import type { TelegramAccount } from '../accounts';

/** A photo (its largest size) or a document's bytes; GramJS fetches them from the file's data centre. */
export async function downloadFile(
  account: TelegramAccount,
  file: Api.Photo | Api.Document,
): Promise<Buffer> {
  const media =
    file instanceof Api.Photo
      ? new Api.MessageMediaPhoto({ photo: file })
      : new Api.MessageMediaDocument({ document: file });
  const bytes = await account.withClient('upload.GetFile', (client) => client.downloadMedia(media, {}));
  if (!Buffer.isBuffer(bytes)) throw new Error('Telegram sent no bytes for the file');
  return bytes;
}

/** Uploads a file in parts (upload.saveFilePart), for a message to carry it. */
export function uploadFile(
  account: TelegramAccount,
  bytes: Uint8Array,
  fileName: string,
): Promise<Api.TypeInputFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return account.withClient('upload.SaveFilePart', (client) =>
    client.uploadFile({ file: new CustomFile(fileName, buffer.length, '', buffer), workers: 1 }),
  );
}
