import { createNode, type TaskGraph, type TaskNode, updateNode } from './task-graph';
import { isOnlineWait, ONLINE_WINDOW_SECONDS, waitParams } from './wait-params';

/**
 * Keeps the agent "online" in the conversation for the presence window from now: the pending
 * online wait is pushed out, or one is added. It depends on nothing, so it runs on its own and
 * survives replanning; while it is pending the agent shows as online, and it keeps the graph
 * (and so the conversation's state) alive a little after a turn.
 */
export function extendOnlineWindow(graph: TaskGraph, now: Date): TaskNode {
  const until = new Date(now.getTime() + ONLINE_WINDOW_SECONDS * 1000).toISOString();
  const existing = graph.nodes.find((node) => isOnlineWait(node) && node.status === 'pending');
  if (existing) {
    if (existing.waitUntil === null || existing.waitUntil < until)
      updateNode(existing, { waitUntil: until }, now);
    return existing;
  }
  const wait = graph.add(
    createNode({ kind: 'wait', params: waitParams(ONLINE_WINDOW_SECONDS, { online: true }) }, now),
  );
  wait.waitUntil = until;
  return wait;
}
