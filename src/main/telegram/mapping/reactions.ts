import { Api } from 'telegram';
import type { Reaction } from '../../../shared/domain/conversation';
import { type CustomEmojiLookup, customEmojiAlt } from './custom-emoji';
import { type PeerDirectory, peerLabel } from './peer-directory';
import { markedPeerId } from './peer-ids';

/** The emoji a custom emoji reaction stands for; a marker when its document is not known. */
const UNKNOWN_CUSTOM_EMOJI = '⟦custom emoji⟧';

/**
 * Who reacted with what, from the reactors Telegram lists (`recentReactions`: present in
 * private chats and small groups, where it names everyone). Emoji reactions, and custom emoji
 * ones with the emoji they stand for and their id (to be described); a paid (star) reaction has
 * nothing to show the model. Counts without reactors (large groups and channels) name nobody
 * and so give no Reaction either.
 */
export function mapReactions(
  reactions: Api.TypeMessageReactions | null | undefined,
  peers: PeerDirectory,
  customEmoji: CustomEmojiLookup = () => null,
): Reaction[] {
  const mapped: Reaction[] = [];
  for (const reactor of reactions?.recentReactions ?? []) {
    const userId = markedPeerId(reactor.peerId);
    const userName = peerLabel(peers, userId);
    const { reaction } = reactor;
    if (reaction instanceof Api.ReactionEmoji) {
      mapped.push({ userId, userName, emoji: reaction.emoticon });
    } else if (reaction instanceof Api.ReactionCustomEmoji) {
      const documentId = reaction.documentId.toString();
      const emoji = customEmojiAlt(customEmoji(documentId)) ?? UNKNOWN_CUSTOM_EMOJI;
      mapped.push({ userId, userName, emoji, customEmojiId: documentId });
    }
  }
  return mapped;
}
