import type { Api } from 'telegram';

/**
 * The unique id Troupe files a Telegram photo or document under (media records, description
 * cache, the send_media catalogue): the decimal form of the file's 64-bit id, signed as
 * Telegram sends it (`Photo.id`, `Document.id`).
 *
 * Telegram gives every stored file one id for good: a sticker sent by a hundred people, or a
 * photo forwarded, is the same file with the same id, while the access hash and file reference
 * that downloading needs change per account and expire. The id is therefore what identifies
 * "this file" across chats and accounts. The decimal form is the one the original agent's
 * curated media (`media/<id>.json`) are named by, so those records keep matching.
 */
export function fileUniqueId(file: Api.Photo | Api.Document): string {
  return file.id.toString();
}
