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
 * held by the agent's schedule (asleep, or busy for a while), then online or offline.
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
  if (turn?.phase === 'heldBySchedule') return heldBySchedule(agentName, turn, now);
  return presence.online
    ? { text: `${agentName} is online`, seconds: null, active: true }
    : { text: `${agentName} is offline`, seconds: null, active: false };
}

/** Whole seconds from `from` to `to`, never negative. */
function secondsBetween(from: number, to: number): number {
  return Math.max(0, Math.round((to - from) / 1000));
}

/** Longer waits read as hours and minutes; a count of seconds only helps for the last two minutes. */
const TICKING_SECONDS = 120;

/** "in 5 h 20 min", "in 12 min". */
function roughlyIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `in ${minutes} min`;
  return minutes % 60 === 0 ? `in ${hours} h` : `in ${hours} h ${minutes % 60} min`;
}

function heldBySchedule(
  agentName: string,
  turn: Extract<TurnState, { phase: 'heldBySchedule' }>,
  now: Date,
): AgentActivity {
  const seconds = secondsBetween(now.getTime(), Date.parse(turn.until));
  const doing = turn.activity === null ? '' : ` (${turn.activity})`;
  const state = turn.asleep ? `is asleep${doing} and answers on waking` : `is busy${doing} and answers`;
  if (seconds > TICKING_SECONDS) {
    return { text: `${agentName} ${state} ${roughlyIn(seconds)}`, seconds: null, active: false };
  }
  return { text: `${agentName} ${state} in`, seconds, active: false };
}
