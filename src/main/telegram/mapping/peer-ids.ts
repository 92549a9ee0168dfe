import { Api, helpers } from 'telegram';

/**
 * Telegram's "marked" ids, the ones Troupe keeps everywhere: users are positive, basic groups
 * negative (-chatId), channels and supergroups -(10^12 + channelId), the convention of the Bot
 * API and of Telegram's own clients. The TL objects carry bare 64-bit ids (big-integer values in
 * GramJS); marking them keeps the three id spaces apart in one number.
 */

/** GramJS's 64-bit integer, as its TL classes type it. */
export type TelegramLong = Api.PeerUser['userId'];

/** A channel's marked id is -(CHANNEL_ID_OFFSET + channelId). */
const CHANNEL_ID_OFFSET = 1_000_000_000_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A 64-bit Telegram id as a JS number. Real ids use at most 52 bits (Telegram promises so, and
 * a marked channel id stays within 2^53), so the conversion is exact; anything larger is refused
 * rather than silently rounded into someone else's id.
 */
export function longToNumber(value: TelegramLong): number {
  return bigintToSafeNumber(BigInt(value.toString()));
}

function bigintToSafeNumber(value: bigint): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`Telegram id ${value} does not fit a JavaScript number exactly`);
  }
  return Number(value);
}

export function markedUserId(userId: TelegramLong): number {
  return longToNumber(userId);
}

export function markedBasicGroupId(chatId: TelegramLong): number {
  return bigintToSafeNumber(-BigInt(chatId.toString()));
}

export function markedChannelId(channelId: TelegramLong): number {
  return bigintToSafeNumber(-(CHANNEL_ID_OFFSET + BigInt(channelId.toString())));
}

/** The marked id of a peer (the chat of a message, a sender, a reactor). */
export function markedPeerId(peer: Api.TypePeer): number {
  if (peer instanceof Api.PeerUser) return markedUserId(peer.userId);
  if (peer instanceof Api.PeerChat) return markedBasicGroupId(peer.chatId);
  return markedChannelId(peer.channelId);
}

/** The marked id of a user or chat object, from whichever of the TL constructors it is. */
export function markedEntityId(entity: Api.TypeUser | Api.TypeChat): number {
  if (entity instanceof Api.User || entity instanceof Api.UserEmpty) return markedUserId(entity.id);
  if (entity instanceof Api.Channel || entity instanceof Api.ChannelForbidden) {
    return markedChannelId(entity.id);
  }
  return markedBasicGroupId(entity.id);
}

/** The peer a marked id stands for: the inverse of `markedPeerId`. */
export function peerFromMarkedId(markedId: number): Api.PeerUser | Api.PeerChat | Api.PeerChannel {
  if (!Number.isSafeInteger(markedId) || markedId === 0) {
    throw new RangeError(`${markedId} is not a Telegram peer id`);
  }
  const id = BigInt(markedId);
  if (id > 0n) return new Api.PeerUser({ userId: helpers.returnBigInt(id) });
  if (id > -CHANNEL_ID_OFFSET) return new Api.PeerChat({ chatId: helpers.returnBigInt(-id) });
  if (id === -CHANNEL_ID_OFFSET) throw new RangeError(`${markedId} is not a Telegram peer id`);
  return new Api.PeerChannel({ channelId: helpers.returnBigInt(-id - CHANNEL_ID_OFFSET) });
}

/** A direct chat is a chat with a user, whose marked id is the user's positive id. */
export function isDirectChat(markedId: number): boolean {
  return markedId > 0;
}
