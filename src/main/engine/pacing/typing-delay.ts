import type { AgentConfig } from '../../../shared/domain/config';
import type { EngineSettings } from '../../../shared/domain/settings';

/** The human pacing of one agent: the global parameters with the agent file's overrides on top. */
export interface Pacing {
  startTypingDelaySeconds: number;
  /** Characters per second; 1000 or more means typing takes no time. */
  typingSpeed: number;
  stickerDelaySeconds: number;
}

/** Pacing that adds no waits at all (`troupe simulate --fast`, benchmarks). */
export const NO_PACING: Pacing = { startTypingDelaySeconds: 0, typingSpeed: 1000, stickerDelaySeconds: 0 };

/** Waits this short are not worth a task: nobody notices half a second. */
export const NEGLIGIBLE_WAIT_SECONDS = 0.5;

/** Read live on every turn, so an edit of the agent file or the settings applies at once. */
export function agentPacing(agent: AgentConfig, engine: EngineSettings): Pacing {
  return {
    startTypingDelaySeconds: agent.startTypingDelay ?? engine.startTypingDelaySeconds,
    typingSpeed: agent.typingSpeed ?? engine.typingSpeed,
    stickerDelaySeconds: engine.stickerDelaySeconds,
  };
}

/**
 * How long the agent "types" before sending `text`: the start delay (only when above one second,
 * shorter pauses read as instant) plus the text's length at the typing speed (none at 1000 cps
 * and above).
 */
export function typingDelaySeconds(text: string, pacing: Pacing): number {
  const start = pacing.startTypingDelaySeconds > 1 ? pacing.startTypingDelaySeconds : 0;
  const typing = pacing.typingSpeed >= 1000 ? 0 : [...text].length / pacing.typingSpeed;
  return start + typing;
}

/**
 * Picking a photo or file from one's gallery takes a person longer than tapping a sticker from
 * the open panel: twice the sticker delay.
 */
export const MEDIA_DELAY_STICKER_MULTIPLE = 2;

/**
 * The typing wait to insert before a graph task, in seconds; 0 when none is due (the kind has no
 * typing, or the wait would be negligible).
 */
export function typingWaitBefore(kind: string, params: Record<string, unknown>, pacing: Pacing): number {
  let seconds = 0;
  if (kind === 'send')
    seconds = typingDelaySeconds(typeof params.text === 'string' ? params.text : '', pacing);
  else if (kind === 'sticker') seconds = pacing.stickerDelaySeconds;
  else if (kind === 'send_media') seconds = MEDIA_DELAY_STICKER_MULTIPLE * pacing.stickerDelaySeconds;
  return seconds > NEGLIGIBLE_WAIT_SECONDS ? seconds : 0;
}
