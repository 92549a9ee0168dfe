import type { Network } from '../../shared/api';
import type { MediaFileRef } from '../../shared/api/media-contract';
import type { Logger } from '../logging';
import { type CuratedMedia, type MediaDescriptions, sniffMedia } from '../media';
import type { MessagingPort } from '../messaging/port';

/** A file for the console: its bytes and the type they are. */
export interface MediaFileContent {
  bytes: Uint8Array;
  mimeType: string;
}

export type MediaFileSource = (ref: MediaFileRef) => Promise<MediaFileContent | null>;

/** The console shows files up to this size (videos included). */
const MAX_CONSOLE_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Where the console's media route gets a file: a copy Troupe keeps (a curated record's file, the
 * description cache), else the agent's network (a message's file, a sticker, a library item),
 * as the agent can see it. The type comes from the bytes. Null when nobody has it.
 */
export function createMediaFileSource(deps: {
  curated: CuratedMedia;
  media: MediaDescriptions;
  port: (network: Network) => Pick<MessagingPort, 'downloadMedia'> | null;
  logger: Logger;
}): MediaFileSource {
  return async (ref) => {
    let bytes = (await deps.curated.fileBytes(ref.uniqueId)) ?? (await deps.media.cachedBytes(ref.uniqueId));
    if (!bytes && ref.kind !== 'stored') {
      const port = deps.port(ref.network);
      const source =
        ref.kind === 'message'
          ? {
              kind: 'message' as const,
              channelId: ref.channelId,
              messageId: ref.messageId,
              uniqueId: ref.uniqueId,
            }
          : { kind: ref.kind, uniqueId: ref.uniqueId };
      try {
        bytes = (await port?.downloadMedia(ref.agent, source, { maxBytes: MAX_CONSOLE_FILE_BYTES })) ?? null;
      } catch (error) {
        deps.logger.debug({ err: error, uniqueId: ref.uniqueId }, 'a file for the console could not be had');
        return null;
      }
    }
    if (!bytes) return null;
    return { bytes, mimeType: (await sniffMedia(bytes, {})).mimeType };
  };
}
