export type ReactionChip = { emoji: string; count: number; names: string[] };

/**
 * Reactions under a message, one chip per emoji with its count. With `onToggle`, a chip is a
 * toggle for the person the operator writes as (`activeEmoji` is theirs).
 */
export function ReactionChips({
  reactions,
  activeEmoji,
  onToggle,
}: {
  reactions: readonly ReactionChip[];
  activeEmoji?: string | null;
  onToggle?: (emoji: string) => void;
}) {
  if (reactions.length === 0) return null;
  return (
    <div className="tc-reactions">
      {reactions.map((reaction) => {
        const who = reaction.names.join(', ');
        return (
          <button
            key={reaction.emoji}
            type="button"
            data-hint={who}
            className="tc-reaction"
            aria-pressed={activeEmoji === reaction.emoji}
            aria-label={`${reaction.emoji} from ${who}`}
            disabled={!onToggle}
            onClick={() => onToggle?.(reaction.emoji)}
          >
            <span aria-hidden>{reaction.emoji}</span>
            {reaction.count > 1 && (
              <span className="tc-reaction-count" aria-hidden>
                {reaction.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
