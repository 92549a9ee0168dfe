import type { StickerSetContents } from '../../messaging/port';
import { MessagingError } from '../../messaging/port';
import { rpcErrorCode } from '../accounts';
import type { AccountContext } from './account-context';

/** Every sticker of a set by its short name; null when Telegram has no such set. */
export async function stickerSetContents(
  context: AccountContext,
  setName: string,
): Promise<StickerSetContents | null> {
  try {
    const contents = await context.stickers.setContents(setName);
    if (!contents) return null;
    return {
      setName: contents.set.set.shortName,
      title: contents.set.set.title || null,
      stickers: contents.stickers.map((sticker) => sticker.ref),
    };
  } catch (error) {
    if (error instanceof MessagingError && rpcErrorCode(error.cause) === 'STICKERSET_INVALID') return null;
    throw error;
  }
}
