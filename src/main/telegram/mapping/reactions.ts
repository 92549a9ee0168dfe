import { Api } from 'telegram';
import type { Reaction } from '../../../shared/domain/conversation';
import { type PeerDirectory, peerLabel } from './peer-directory';
import { markedPeerId } from './peer-ids';

/**
 * Who reacted with what, from the reactors Telegram lists (`recentReactions`: present in
 * private chats and small groups, where it names everyone). Only emoji reactions are kept:
 * a custom-emoji or paid (star) reaction has no emoji to show the model. Counts without
 * reactors (large groups and channels) name nobody and so give no Reaction either.
 */
export function mapReactions(
  reactions: Api.TypeMessageReactions | null | undefined,
  peers: PeerDirectory,
): Reaction[] {
  const mapped: Reaction[] = [];
  for (const reactor of reactions?.recentReactions ?? []) {
    if (!(reactor.reaction instanceof Api.ReactionEmoji)) continue;
    const userId = markedPeerId(reactor.peerId);
    mapped.push({ userId, userName: peerLabel(peers, userId), emoji: reactor.reaction.emoticon });
  }
  return mapped;
}
