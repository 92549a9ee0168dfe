/**
 * The emoji Telegram accepts as a standard (non-custom) reaction, as the Bot API documents them
 * for ReactionTypeEmoji. Written without the U+FE0F variation selector, as Telegram expects;
 * sequences keep their zero-width joiners (U+200D).
 */
export const REACTION_EMOJI = [
  '👍',
  '👎',
  '❤',
  '🔥',
  '🥰',
  '👏',
  '😁',
  '🤔',
  '🤯',
  '😱',
  '🤬',
  '😢',
  '🎉',
  '🤩',
  '🤮',
  '💩',
  '🙏',
  '👌',
  '🕊',
  '🤡',
  '🥱',
  '🥴',
  '😍',
  '🐳',
  '❤\u200d🔥',
  '🌚',
  '🌭',
  '💯',
  '🤣',
  '⚡',
  '🍌',
  '🏆',
  '💔',
  '🤨',
  '😐',
  '🍓',
  '🍾',
  '💋',
  '🖕',
  '😈',
  '😴',
  '😭',
  '🤓',
  '👻',
  '👨\u200d💻',
  '👀',
  '🎃',
  '🙈',
  '😇',
  '😨',
  '🤝',
  '✍',
  '🤗',
  '🫡',
  '🎅',
  '🎄',
  '☃',
  '💅',
  '🤪',
  '🗿',
  '🆒',
  '💘',
  '🙉',
  '🦄',
  '😘',
  '💊',
  '🙊',
  '😎',
  '👾',
  '🤷\u200d♂',
  '🤷',
  '🤷\u200d♀',
  '😡',
] as const;

export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

const VARIATION_SELECTOR = /\uFE0F/g;

/**
 * Models often write the emoji-presentation form (`❤️`, with U+FE0F); Telegram knows only the bare
 * form. Returns the canonical reaction, or null when the emoji is not a standard reaction.
 */
export function canonicalReactionEmoji(emoji: string): ReactionEmoji | null {
  const bare = emoji.trim().replace(VARIATION_SELECTOR, '');
  return (REACTION_EMOJI as readonly string[]).includes(bare) ? (bare as ReactionEmoji) : null;
}
