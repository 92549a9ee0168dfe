import type { TaskNode, TaskParams } from './task-graph';

/** How long the agent stays "online" after a turn (the presence window). */
export const ONLINE_WINDOW_SECONDS = 300;

/**
 * The internal flags a wait may carry besides the model's `delay`:
 * - `typing`: show "typing…" while it is pending and unblocked;
 * - `online`: the presence window; survives replanning;
 * - `preserve`: survives replanning and runs on its own;
 * - `retry` / `floodWait`: inserted by the retry machinery (shown as such in the console).
 */
export interface WaitFlags {
  typing?: boolean;
  online?: boolean;
  preserve?: boolean;
  retry?: boolean;
  floodWait?: boolean;
}

export function waitParams(delaySeconds: number, flags: WaitFlags = {}): TaskParams {
  const params: TaskParams = { delay: delaySeconds };
  for (const [flag, on] of Object.entries(flags)) if (on) params[flag] = true;
  return params;
}

/** The wait's delay in seconds, or null when it has none (such a wait never becomes ready). */
export function waitDelaySeconds(node: TaskNode): number | null {
  const delay = node.params.delay;
  return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? delay : null;
}

export function isWait(node: TaskNode): boolean {
  return node.kind === 'wait';
}

export function hasFlag(node: TaskNode, flag: keyof WaitFlags | 'preserve'): boolean {
  return node.params[flag] === true;
}

export function isTypingWait(node: TaskNode): boolean {
  return isWait(node) && hasFlag(node, 'typing');
}

export function isOnlineWait(node: TaskNode): boolean {
  return isWait(node) && hasFlag(node, 'online');
}
