import type { MediaRecord } from '../../config';
import type { MediaRef } from '../../messaging/port';

/**
 * The photos, videos, GIFs, audio and files among curated media records, as the Simulator's media
 * library (stickers are sent as stickers, see curatedStickers). The first record of each unique
 * id wins, so pass the records of the config directories in their precedence order.
 */
export function curatedLibrary(records: readonly MediaRecord[]): MediaRef[] {
  const byId = new Map<string, MediaRef>();
  for (const record of records) {
    if (record.kind === 'sticker' || byId.has(record.uniqueId)) continue;
    byId.set(record.uniqueId, {
      uniqueId: record.uniqueId,
      kind: record.kind,
      description: record.description,
    });
  }
  return [...byId.values()];
}
