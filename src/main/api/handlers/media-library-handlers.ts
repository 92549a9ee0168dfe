import { ApiError, type Network } from '../../../shared/api';
import {
  type LibraryItem,
  MAX_LIBRARY_FILE_BYTES,
  PHOTO_MIME_TYPES,
} from '../../../shared/api/media-contract';
import type { ConfigService } from '../../config';
import { type MediaDescriptions, sniffMedia } from '../../media';
import { MessagingError, type MessagingPort } from '../../messaging/port';
import type { ApiHandlers } from '../dispatcher';
import { requireAgent } from './simulator-handlers';

type LibraryProcedure = 'media.library' | 'media.addToLibrary' | 'media.removeFromLibrary';

function networkError(error: unknown): unknown {
  if (!(error instanceof MessagingError)) return error;
  return new ApiError(error.retryable ? 'unavailable' : 'conflict', error.message);
}

/**
 * An agent's media library (on Telegram its Saved Messages, where the operator keeps what the
 * agent may send): listed with what each item shows, added to, removed from.
 */
export function createMediaLibraryHandlers(deps: {
  config: ConfigService;
  descriptions: MediaDescriptions;
  port: (network: Network) => MessagingPort | null;
}): Pick<ApiHandlers, LibraryProcedure> {
  const portFor = (agent: string, network: Network): MessagingPort => {
    requireAgent(deps.config, agent);
    const port = deps.port(network);
    if (!port) throw new ApiError('unavailable', `${network} is not available in this Troupe.`);
    return port;
  };
  const onNetwork = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw networkError(error);
    }
  };
  return {
    'media.library': ({ agent, network }) =>
      onNetwork(async () => {
        const port = portFor(agent, network);
        const items: LibraryItem[] = deps.descriptions.describeLibrary(await port.listMedia(agent), {
          agent,
          port,
          savedMessages: network === 'telegram',
        });
        return { items };
      }),
    'media.addToLibrary': ({ agent, network, fileName, dataBase64, asFile }) =>
      onNetwork(async () => {
        const port = portFor(agent, network);
        const bytes = new Uint8Array(Buffer.from(dataBase64, 'base64'));
        if (bytes.byteLength > MAX_LIBRARY_FILE_BYTES) {
          throw new ApiError(
            'invalid_input',
            `The file has ${(bytes.byteLength / 1e6).toFixed(1)} MB; the library takes up to 20 MB.`,
          );
        }
        const sniffed = await sniffMedia(bytes, { fileName });
        const item = await port.addToLibrary(agent, {
          bytes,
          fileName,
          mimeType: sniffed.mimeType,
          asPhoto: !asFile && PHOTO_MIME_TYPES.includes(sniffed.mimeType),
        });
        deps.descriptions.savedMessages.add(agent, item.uniqueId);
        return { item };
      }),
    'media.removeFromLibrary': ({ agent, network, uniqueId }) =>
      onNetwork(async () => {
        const removed = await portFor(agent, network).removeFromLibrary(agent, uniqueId);
        deps.descriptions.savedMessages.remove(agent, uniqueId);
        if (!removed) throw new ApiError('not_found', `${agent}'s library has no file ${uniqueId}.`);
        return { removed: true as const };
      }),
  };
}
