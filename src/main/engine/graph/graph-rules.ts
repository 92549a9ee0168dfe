import { isAwaitingApproval } from './operator-marks';
import { createNode, isTerminal, type TaskGraph, type TaskNode, updateNode } from './task-graph';
import { isOnlineWait, isWait, waitDelaySeconds, waitParams } from './wait-params';

/** Why a task was cancelled when one it waited for failed or was cancelled. */
export const DEPENDENCY_FAILED = 'A task it depended on failed or was cancelled.';
/**
 * The rules of a task graph (readiness, waits, cancellation, retries), as pure functions over an
 * in-memory graph. The scheduler calls them and persists what they changed.
 */

export type DependencyState = 'satisfied' | 'waiting' | 'doomed';

/**
 * Whether a node's dependencies are all done ('satisfied'), some are still to come ('waiting'), or
 * one failed or was cancelled ('doomed'). A dependency the graph no longer has counts as done:
 * only finished nodes nothing depends on are ever pruned, so a missing id can only be one the
 * model invented, and it must not hold the plan up forever.
 */
export function dependencyState(graph: TaskGraph, node: TaskNode): DependencyState {
  let state: DependencyState = 'satisfied';
  for (const id of node.dependsOn) {
    const dependency = graph.node(id);
    if (!dependency || dependency.status === 'done') continue;
    if (dependency.status === 'failed' || dependency.status === 'cancelled') return 'doomed';
    state = 'waiting';
  }
  return state;
}

/**
 * Brings a graph up to date at `now`: cancels (transitively) the pending nodes whose dependency
 * failed or was cancelled, turns each newly unblocked wait's delay into an absolute deadline (so
 * chained waits add up), and completes the waits that are due. Returns the nodes it changed.
 */
export function settleGraph(graph: TaskGraph, now: Date): TaskNode[] {
  const changed = new Set<TaskNode>();
  for (let progressed = true; progressed; ) {
    progressed = false;
    for (const node of graph.nodes) {
      if (node.status !== 'pending') continue;
      const dependencies = dependencyState(graph, node);
      if (dependencies === 'doomed') {
        updateNode(node, { status: 'cancelled', lastError: DEPENDENCY_FAILED }, now);
        changed.add(node);
        progressed = true;
        continue;
      }
      if (!isWait(node) || dependencies !== 'satisfied') continue;
      if (node.waitUntil === null) {
        const delay = waitDelaySeconds(node);
        if ('error' in delay) {
          updateNode(node, { status: 'failed', lastError: delay.error }, now);
          changed.add(node);
          progressed = true;
          continue;
        }
        updateNode(node, { waitUntil: new Date(now.getTime() + delay.seconds * 1000).toISOString() }, now);
        changed.add(node);
      }
      if (Date.parse(node.waitUntil!) <= now.getTime()) {
        updateNode(node, { status: 'done' }, now);
        changed.add(node);
        progressed = true;
      }
    }
  }
  return [...changed];
}

/** When a received task may not run yet (the direct partner is still typing); null when it may. */
export type ReceivedGate = (node: TaskNode) => Date | null;

/** Tasks the conversation holds back for now (a takeover holds the agent's own). */
export type TaskHold = (node: TaskNode) => boolean;

const HOLD_NOTHING: TaskHold = () => false;

/**
 * The first node that can run now: pending, not a wait, dependencies done, not gated, not a draft
 * awaiting the operator's approval and not held.
 */
export function nextRunnableTask(
  graph: TaskGraph,
  now: Date,
  gate: ReceivedGate,
  held: TaskHold = HOLD_NOTHING,
): TaskNode | null {
  for (const node of graph.nodes) {
    if (node.status !== 'pending' || isWait(node) || isAwaitingApproval(node) || held(node)) continue;
    if (dependencyState(graph, node) !== 'satisfied') continue;
    if (node.kind === 'received') {
      const gatedUntil = gate(node);
      if (gatedUntil !== null && gatedUntil.getTime() > now.getTime()) continue;
    }
    return node;
  }
  return null;
}

/** Until when a received task that could run now is held by its gate (the partner typing); null when none is. */
export function gatedUntil(graph: TaskGraph, now: Date, gate: ReceivedGate): Date | null {
  for (const node of graph.nodes) {
    if (node.kind !== 'received' || node.status !== 'pending') continue;
    if (dependencyState(graph, node) !== 'satisfied') continue;
    const until = gate(node);
    if (until !== null && until.getTime() > now.getTime()) return until;
  }
  return null;
}

/** The earliest moment something in the graph may change by itself: a wait deadline or a gate opening. */
export function nextWakeTime(graph: TaskGraph, now: Date, gate: ReceivedGate): Date | null {
  let earliest: number | null = null;
  const consider = (at: number) => {
    if (earliest === null || at < earliest) earliest = at;
  };
  for (const node of graph.nodes) {
    // Only unblocked nodes can change by themselves; the others wait for a dependency to finish.
    if (node.status !== 'pending' || dependencyState(graph, node) !== 'satisfied') continue;
    if (isWait(node) && node.waitUntil !== null)
      consider(Math.max(Date.parse(node.waitUntil), now.getTime()));
    if (node.kind === 'received') {
      const gatedUntil = gate(node);
      if (gatedUntil !== null && gatedUntil.getTime() > now.getTime()) consider(gatedUntil.getTime());
    }
  }
  return earliest === null ? null : new Date(earliest);
}

export interface RetryPolicy {
  maxRetries: number;
  retryIntervalSeconds: number;
}

export interface TaskFailure {
  message: string;
  retryable: boolean;
  /** The network asked to wait this long (flood wait): wait, without counting a retry. */
  retryAfterSeconds: number | null;
}

export type FailureOutcome = 'flood-wait' | 'retrying' | 'failed';

/**
 * Records a failed attempt of `node`. A flood wait inserts a wait of the asked length without
 * counting a retry; a retryable failure inserts a retry wait while retries remain; anything else
 * fails the node for good (and settling then cancels what depended on it).
 */
export function failTask(
  graph: TaskGraph,
  node: TaskNode,
  failure: TaskFailure,
  policy: RetryPolicy,
  now: Date,
): FailureOutcome {
  if (failure.retryAfterSeconds !== null && failure.retryAfterSeconds > 0) {
    delayTask(graph, node, failure.retryAfterSeconds, { floodWait: true }, failure.message, now);
    return 'flood-wait';
  }
  if (failure.retryable && node.retries < policy.maxRetries) {
    delayTask(graph, node, policy.retryIntervalSeconds, { retry: true }, failure.message, now);
    updateNode(node, { retries: node.retries + 1 }, now);
    return 'retrying';
  }
  updateNode(node, { status: 'failed', lastError: failure.message }, now);
  return 'failed';
}

function delayTask(
  graph: TaskGraph,
  node: TaskNode,
  seconds: number,
  flags: { retry?: boolean; floodWait?: boolean },
  reason: string,
  now: Date,
): void {
  const wait = graph.add(createNode({ kind: 'wait', params: waitParams(seconds, flags) }, now));
  wait.waitUntil = new Date(now.getTime() + seconds * 1000).toISOString();
  updateNode(node, { status: 'pending', dependsOn: [...node.dependsOn, wait.id], lastError: reason }, now);
}

/** The drafts awaiting approval and every node waiting for one of them, directly or not. */
function heldForApproval(graph: TaskGraph): Set<string> {
  const held = new Set(graph.nodes.filter(isAwaitingApproval).map((node) => node.id));
  for (let grew = held.size > 0; grew; ) {
    grew = false;
    for (const node of graph.nodes) {
      if (held.has(node.id) || isTerminal(node.status) || !node.dependsOn.some((id) => held.has(id)))
        continue;
      held.add(node.id);
      grew = true;
    }
  }
  return held;
}

/**
 * Nothing is left for the agent to do in this conversation by itself: every node is finished,
 * except the presence window (which only keeps the agent looking online) and what waits for the
 * operator's approval.
 */
export function isGraphIdle(graph: TaskGraph): boolean {
  const held = heldForApproval(graph);
  return graph.nodes.every((node) => isTerminal(node.status) || isOnlineWait(node) || held.has(node.id));
}
