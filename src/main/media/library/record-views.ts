import type { MediaFilter, MediaLocation, MediaRecordView } from '../../../shared/api/media-contract';
import type { CachedMedia } from '../../store';
import type { CuratedRecord } from '../curated/curated-media';

const ANIMATED_MIME = new Set(['application/x-tgsticker', 'video/webm']);

/** A curated record as the editor shows it. */
export function curatedView(entry: CuratedRecord, effective: boolean, savedBy: string[]): MediaRecordView {
  const { record } = entry;
  return {
    uniqueId: record.uniqueId,
    kind: record.kind,
    description: record.description,
    status: record.status,
    failureReason: record.failureReason,
    mimeType: record.mimeType,
    durationSeconds: record.duration,
    stickerSetName: record.stickerSetName,
    stickerSetTitle: record.stickerSetTitle,
    stickerName: record.stickerName,
    retryCount: record.descriptionRetryCount,
    lastUsedAt: record.lastUsedAt,
    updatedAt: null,
    location: { kind: 'curated', configDir: entry.configDir },
    effective,
    hasFile: entry.hasFile,
    fileSize: null,
    savedBy,
  };
}

/** A cached description as the editor shows it. */
export function cachedView(cached: CachedMedia, effective: boolean, savedBy: string[]): MediaRecordView {
  return {
    uniqueId: cached.uniqueId,
    kind: cached.kind,
    description: cached.description,
    status: cached.status,
    failureReason: cached.failureReason,
    mimeType: cached.mimeType,
    durationSeconds: cached.durationSeconds,
    stickerSetName: cached.stickerSetName,
    stickerSetTitle: cached.stickerSetTitle,
    stickerName: cached.stickerName,
    retryCount: cached.retryCount,
    lastUsedAt: cached.lastUsedAt,
    updatedAt: cached.updatedAt,
    location: { kind: 'cache' },
    effective,
    hasFile: true,
    fileSize: cached.fileSize,
    savedBy,
  };
}

function isAnimated(view: MediaRecordView): boolean {
  if (view.kind === 'gif' || view.kind === 'animation') return true;
  return view.kind === 'sticker' && view.mimeType !== null && ANIMATED_MIME.has(view.mimeType);
}

/** Whether a record belongs under the editor's type filter. */
export function matchesFilter(view: MediaRecordView, filter: MediaFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'stickers':
      return view.kind === 'sticker' && !isAnimated(view);
    case 'animated':
      return isAnimated(view);
    case 'video':
      return view.kind === 'video';
    case 'photos':
      return view.kind === 'photo';
    case 'audio':
      return view.kind === 'audio';
    case 'other':
      return view.kind === 'document';
  }
}

/** Whether every word of the search appears in the record's id, set, name or description. */
export function matchesSearch(view: MediaRecordView, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = [
    view.uniqueId,
    view.stickerSetName,
    view.stickerSetTitle,
    view.stickerName,
    view.description,
  ]
    .filter((field): field is string => field !== null)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function sameLocation(a: MediaLocation, b: MediaLocation): boolean {
  return a.kind === 'cache' ? b.kind === 'cache' : b.kind === 'curated' && a.configDir === b.configDir;
}
