import { isPresenceWindow } from '../../../shared/domain/tasks';
import { MAX_DURATION_SECONDS, validateTaskParams } from '../../tasks/kinds';
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

/**
 * The wait's delay in seconds, or why it has none: such a wait fails with that reason instead of
 * waiting forever. The engine's own waits (typing, retries) may last fractions of a second; a
 * model's wait is checked like every task's fields (a whole number of seconds, up to 30 days).
 */
export function waitDelaySeconds(node: TaskNode): { seconds: number } | { error: string } {
  const delay = node.params.delay;
  if (typeof delay === 'number' && delay >= 0 && delay <= MAX_DURATION_SECONDS) return { seconds: delay };
  const checked = validateTaskParams('wait', node.params);
  return checked.ok ? { seconds: checked.params.delay } : { error: checked.error };
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
  return isPresenceWindow(node);
}
