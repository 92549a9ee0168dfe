import { Api, helpers } from 'telegram';
import { markedChannelId, peerFromMarkedId } from '../mapping';

/**
 * Channels' access hashes, kept with the update state. Asking a channel for its difference needs
 * the channel's access hash, which a client learns only from updates and answers that show the
 * channel: a client built anew (after a restart, or when a connection is rebuilt) knows none, and
 * Telegram refuses a user account's request for a channel named without it. The hashes never
 * change for an account, so the ones seen once serve every later catch-up.
 */

/** The marked id and access hash of each full channel among `entities` ("min" copies carry no usable hash). */
export function channelAccessHashes(entities: Iterable<unknown>): [string, string][] {
  const found: [string, string][] = [];
  for (const entity of entities) {
    if (!(entity instanceof Api.Channel) || entity.min || entity.accessHash === undefined) continue;
    found.push([String(markedChannelId(entity.id)), entity.accessHash.toString()]);
  }
  return found;
}

/** The channel of a marked id, named with a kept access hash. */
export function inputChannelFromHash(markedId: number, accessHash: string): Api.InputChannel {
  const peer = peerFromMarkedId(markedId);
  if (!(peer instanceof Api.PeerChannel)) throw new RangeError(`${markedId} is not a channel's id`);
  return new Api.InputChannel({ channelId: peer.channelId, accessHash: helpers.returnBigInt(accessHash) });
}
