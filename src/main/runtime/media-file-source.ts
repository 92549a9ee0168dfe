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
/** Files fetched from a network are kept for the next requests up to this many bytes in all. */
const NETWORK_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Where the console's media route gets a file: a copy Troupe keeps (a curated record's file, the
 * description cache), else the agent's network (a message's file, a sticker, a library item),
 * as the agent can see it. The type comes from the bytes. Null when nobody has it. A file fetched
 * from a network is fetched once however many requests ask for it at the same time (a player's
 * range requests), and the latest ones are kept for a while, so seeking does not download the
 * file again.
 */
export function createMediaFileSource(deps: {
  curated: CuratedMedia;
  media: MediaDescriptions;
  port: (network: Network) => Pick<MessagingPort, 'downloadMedia'> | null;
  logger: Logger;
}): MediaFileSource {
  const fetched = new Map<string, Promise<Uint8Array | null>>();
  const recent = new Map<string, Uint8Array>();
  let recentBytes = 0;

  const keep = (uniqueId: string, bytes: Uint8Array) => {
    if (bytes.byteLength > NETWORK_CACHE_BYTES) return;
    recent.set(uniqueId, bytes);
    recentBytes += bytes.byteLength;
    for (const [id, old] of recent) {
      if (recentBytes <= NETWORK_CACHE_BYTES) break;
      recent.delete(id);
      recentBytes -= old.byteLength;
    }
  };

  const fromNetwork = (ref: Exclude<MediaFileRef, { kind: 'stored' }>): Promise<Uint8Array | null> => {
    const key = `${ref.network}\u0000${ref.agent}\u0000${ref.uniqueId}`;
    const running = fetched.get(key);
    if (running) return running;
    const source =
      ref.kind === 'message'
        ? {
            kind: 'message' as const,
            channelId: ref.channelId,
            messageId: ref.messageId,
            uniqueId: ref.uniqueId,
          }
        : { kind: ref.kind, uniqueId: ref.uniqueId };
    const fetching = (async () => {
      try {
        const port = deps.port(ref.network);
        return (await port?.downloadMedia(ref.agent, source, { maxBytes: MAX_CONSOLE_FILE_BYTES })) ?? null;
      } catch (error) {
        deps.logger.debug({ err: error, uniqueId: ref.uniqueId }, 'a file for the console could not be had');
        return null;
      } finally {
        fetched.delete(key);
      }
    })();
    fetched.set(key, fetching);
    return fetching;
  };

  return async (ref) => {
    let bytes =
      recent.get(ref.uniqueId) ??
      (await deps.curated.fileBytes(ref.uniqueId)) ??
      (await deps.media.cachedBytes(ref.uniqueId));
    if (!bytes && ref.kind !== 'stored') {
      bytes = await fromNetwork(ref);
      if (bytes) keep(ref.uniqueId, bytes);
    }
    if (!bytes) return null;
    return { bytes, mimeType: (await sniffMedia(bytes, {})).mimeType };
  };
}

/** One `bytes=a-b` range within `size`; null for none, 'invalid' when it cannot be served. */
export function requestedRange(
  header: string | null | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}
