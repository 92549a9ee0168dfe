import { Api } from 'telegram';
import { markedChannelId } from '../mapping';

/** What GramJS hands its raw event handlers: single updates, or the short forms of Updates. */
export type RawUpdate = Api.TypeUpdate | Api.TypeUpdates;

/** The sequence an update belongs to: the account's common box, or one channel's (by marked id). */
export type SequenceKey = 'common' | number;

/** Where an update sits in its sequence: it moves the sequence's pts to `pts`, by `ptsCount`. */
export interface UpdatePlace {
  key: SequenceKey;
  pts: number;
  ptsCount: number;
}

type Long = Api.long;

/**
 * The channel an update of a channel's sequence is about (null when it names none); undefined
 * for an update of the common box.
 */
function channelOf(update: Api.TypeUpdate): Long | null | undefined {
  if (update instanceof Api.UpdateNewChannelMessage || update instanceof Api.UpdateEditChannelMessage) {
    const peer = (update.message as { peerId?: Api.TypePeer }).peerId;
    return peer instanceof Api.PeerChannel ? peer.channelId : null;
  }
  if (
    update instanceof Api.UpdateDeleteChannelMessages ||
    update instanceof Api.UpdateChannelWebPage ||
    update instanceof Api.UpdatePinnedChannelMessages
  ) {
    return update.channelId;
  }
  return undefined;
}

/**
 * Where a single update or a short update sits in Telegram's update sequences, when it is one of
 * the updates that move a pts by a count (new, edited and deleted messages, read marks, ...).
 * Null for everything else (typing, reactions, status), which is applied as it comes.
 */
export function placeOf(update: Api.TypeUpdate | Api.TypeUpdates): UpdatePlace | null {
  const fields = update as { pts?: unknown; ptsCount?: unknown };
  if (typeof fields.pts !== 'number' || typeof fields.ptsCount !== 'number') return null;
  const channel = channelOf(update as Api.TypeUpdate);
  if (channel === undefined) return { key: 'common', pts: fields.pts, ptsCount: fields.ptsCount };
  return channel === null
    ? null
    : { key: markedChannelId(channel), pts: fields.pts, ptsCount: fields.ptsCount };
}

/** The sequence a request's affected-messages answer counts in: its channel's, else the common box. */
function sequenceOfRequest(request: Api.AnyRequest | undefined): SequenceKey {
  const { peer, channel } = (request ?? {}) as { peer?: unknown; channel?: unknown };
  if (peer instanceof Api.InputPeerChannel) return markedChannelId(peer.channelId);
  if (channel instanceof Api.InputChannel) return markedChannelId(channel.channelId);
  return 'common';
}

/**
 * The places an RPC answer moved the account's sequences to: the agent's own actions (a send, a
 * read receipt, a deletion) advance its pts too, and Telegram tells them only to the caller.
 */
export function placesOfAnswer(answer: unknown, request?: Api.AnyRequest): UpdatePlace[] {
  if (
    answer instanceof Api.messages.AffectedMessages ||
    answer instanceof Api.messages.AffectedHistory ||
    answer instanceof Api.messages.AffectedFoundMessages
  ) {
    if (answer.ptsCount === 0) return [];
    return [{ key: sequenceOfRequest(request), pts: answer.pts, ptsCount: answer.ptsCount }];
  }
  if (answer instanceof Api.UpdateShortSentMessage) {
    const place = placeOf(answer);
    return place ? [place] : [];
  }
  if (answer instanceof Api.Updates || answer instanceof Api.UpdatesCombined) {
    return answer.updates.flatMap((update) => {
      const place = placeOf(update);
      return place ? [place] : [];
    });
  }
  return [];
}
