import type { ChatMsg, Reaction } from '../../../../shared/domain/conversation';

export type ReactionGroup = { emoji: string; count: number; names: string[]; userIds: number[] };

/** Reactions grouped by emoji, in the order each emoji first appears. */
export function groupReactions(reactions: readonly Reaction[]): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const reaction of reactions) {
    const group = groups.get(reaction.emoji);
    if (group) {
      group.count += 1;
      group.names.push(reaction.userName);
      group.userIds.push(reaction.userId);
    } else {
      groups.set(reaction.emoji, {
        emoji: reaction.emoji,
        count: 1,
        names: [reaction.userName],
        userIds: [reaction.userId],
      });
    }
  }
  return [...groups.values()];
}

/** The emoji a person has on a message, if any (a person has one reaction per message). */
export function reactionOf(message: ChatMsg, personId: number): string | null {
  return message.reactions.find((reaction) => reaction.userId === personId)?.emoji ?? null;
}

/**
 * Whether someone other than the chat's people reacted to a person's message: in the Simulator,
 * the agent. On Telegram the people are not listed, so any reaction may be the agent's.
 */
export function agentReacted(message: ChatMsg, people: readonly { id: number }[]): boolean {
  if (message.isAgent) return false;
  return message.reactions.some((reaction) => !people.some((person) => person.id === reaction.userId));
}

/** Reactions an operator reaches for most; the agent may use any of Telegram's. */
export const COMMON_REACTIONS = [
  '👍',
  '❤',
  '🔥',
  '😁',
  '😢',
  '🤔',
  '🙏',
  '👏',
  '🎉',
  '😱',
  '👎',
  '🤣',
] as const;
