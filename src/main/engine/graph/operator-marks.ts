import type { TaskNode, TaskParams } from './task-graph';

/**
 * The marks the operator's co-pilot leaves on task nodes, as internal params (camelCase, so they
 * never collide with the model's fields) stored with the graph, so they survive a restart:
 * - `operator`: the operator wrote this message as the agent (a takeover);
 * - `draft`: 'awaiting' while a planned message waits for the operator's approval, then
 *   'approved' or 'edited'.
 */

/** What the agent puts in front of the partner: under approval each waits for the operator. */
export const DRAFT_KINDS: ReadonlySet<string> = new Set(['send', 'sticker', 'send_media', 'react']);

export type DraftState = 'awaiting' | 'approved' | 'edited';

export function markAwaitingApproval(params: TaskParams): void {
  params.draft = 'awaiting';
}

export function draftState(node: TaskNode): DraftState | null {
  const state = node.params.draft;
  return state === 'awaiting' || state === 'approved' || state === 'edited' ? state : null;
}

/** A draft still waiting for the operator: it must not run. */
export function isAwaitingApproval(node: TaskNode): boolean {
  return node.status === 'pending' && draftState(node) === 'awaiting';
}

export function isOperatorTask(node: TaskNode): boolean {
  return node.params.operator === true;
}

/** The operator wrote it, or approved it: it may go out even while the agent is held silent. */
export function isOperatorChosen(node: TaskNode): boolean {
  const draft = draftState(node);
  return isOperatorTask(node) || draft === 'approved' || draft === 'edited';
}
