import type { StickerRef } from '../../../shared/domain/conversation';
import type { MediaRecord } from '../../config';

/**
 * The stickers among curated media records, as the Simulator's sendable catalogue: a sticker
 * needs its set and its name to be sent. The first record of each set and name wins, so pass the
 * records of the config directories in their precedence order.
 */
export function curatedStickers(records: readonly MediaRecord[]): StickerRef[] {
  const byKey = new Map<string, StickerRef>();
  for (const record of records) {
    if (record.kind !== 'sticker' || !record.stickerSetName || !record.stickerName) continue;
    const key = JSON.stringify([record.stickerSetName, record.stickerName]);
    if (byKey.has(key)) continue;
    byKey.set(key, {
      setName: record.stickerSetName,
      setTitle: record.stickerSetTitle,
      name: record.stickerName,
      uniqueId: record.uniqueId,
      description: record.description,
    });
  }
  return [...byKey.values()];
}
