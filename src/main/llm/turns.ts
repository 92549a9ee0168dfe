import type { LlmTurn } from './provider';

/** The user turn sent when there is no history yet: the model still needs something to answer. */
export const EMPTY_HISTORY_TURN_TEXT =
  '⟦special⟧ Nobody has written in this conversation yet. Act as your instructions say.';

/**
 * The user turn sent when the newest turn is the agent's own: Gemini needs the contents to end on
 * a user turn, and chat APIs read a trailing assistant message as a reply to continue.
 */
export const AGENT_LAST_TURN_TEXT =
  '⟦special⟧ The newest message above is your own. Add to it only if your instructions call for it.';

/**
 * The turns a provider sends: empty parts dropped (APIs reject empty text), turns left without
 * parts dropped, and a user turn appended when the history is empty or ends on the agent. Turns
 * that already end on a user turn come back unchanged, so callers may add their own final turn.
 */
export function turnsEndingOnUser(turns: readonly LlmTurn[]): LlmTurn[] {
  const kept = turns
    .map((turn) => ({ role: turn.role, parts: turn.parts.filter((part) => part.trim() !== '') }))
    .filter((turn) => turn.parts.length > 0);
  const last = kept.at(-1);
  if (last === undefined) return [{ role: 'user', parts: [EMPTY_HISTORY_TURN_TEXT] }];
  if (last.role === 'agent') return [...kept, { role: 'user', parts: [AGENT_LAST_TURN_TEXT] }];
  return kept;
}
