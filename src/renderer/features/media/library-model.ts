import type { Network } from '../../../shared/api/conversation-contract';
import { MAX_LIBRARY_FILE_BYTES, PHOTO_MIME_TYPES } from '../../../shared/api/media-contract';
import { formatBytes } from '../../ui/media/media-display';

/** Whose library: an agent on one network (Saved Messages on Telegram; curated media in the Simulator). */
export type LibraryOwner = { agent: string; network: Network };

export function libraryKey({ agent, network }: LibraryOwner): string {
  return `${network}/${agent}`;
}

/** The largest file the runtime saves to a library (its media.addToLibrary refuses larger ones). */
export const LIBRARY_MAX_BYTES = MAX_LIBRARY_FILE_BYTES;

/** Whether the file could go as a photo, so that sending it as a file is a choice. */
export function goesAsPhoto(file: { type: string }): boolean {
  return PHOTO_MIME_TYPES.includes(file.type);
}

/** Why a picked file cannot be added, known before sending it; null when it can. */
export function libraryFileProblem(file: { size: number }): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > LIBRARY_MAX_BYTES)
    return `The file has ${formatBytes(file.size)}; the library takes up to ${formatBytes(LIBRARY_MAX_BYTES)}.`;
  return null;
}
