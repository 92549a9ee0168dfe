import type { TurnState } from '../../../../shared/domain/tasks';

/** What the chat's header says the agent is doing, with a running count of seconds when it has one. */
export type AgentActivity = {
  /** The sentence, without the seconds (read out when it changes). */
  text: string;
  /** Seconds since the agent began thinking, or left before it answers; null when none apply. */
  seconds: number | null;
  /** Whether the agent is visibly active (thinking, typing, online): drawn in colour. */
  active: boolean;
};

/**
 * The header line for a chat: thinking (an LLM call, with its seconds so far) before anything else,
 * then typing, then waiting for the partner to stop typing (with the seconds left: the agent
 * answers once they have been quiet for a few seconds, as a person lets someone finish), then
 * online or offline.
 */
export function agentActivity(options: {
  agentName: string;
  /** Whom the agent waits for in a direct chat; null when the chat has no one partner. */
  partnerName: string | null;
  presence: { typing: boolean; online: boolean };
  turn: TurnState | null;
  now: Date;
}): AgentActivity {
  const { agentName, partnerName, presence, turn, now } = options;
  if (turn?.phase === 'thinking') {
    const since = Date.parse(turn.since);
    return { text: `${agentName} is thinking…`, seconds: secondsBetween(since, now.getTime()), active: true };
  }
  if (presence.typing) return { text: `${agentName} is typing…`, seconds: null, active: true };
  if (turn?.phase === 'waitingForPartner') {
    const partner = partnerName ?? 'the partner';
    return {
      text: `${agentName} answers once ${partner} stops typing`,
      seconds: secondsBetween(now.getTime(), Date.parse(turn.until)),
      active: presence.online,
    };
  }
  return presence.online
    ? { text: `${agentName} is online`, seconds: null, active: true }
    : { text: `${agentName} is offline`, seconds: null, active: false };
}

/** Whole seconds from `from` to `to`, never negative. */
function secondsBetween(from: number, to: number): number {
  return Math.max(0, Math.round((to - from) / 1000));
}
