import type { TaskParams } from '../../../shared/domain/task-graph-record';
import type { TaskGraphView } from '../../../shared/domain/tasks';
import { isTerminal, type TaskGraph } from './task-graph';
import { isOnlineWait } from './wait-params';

/** The graph as the console shows it (a copy: later changes do not leak into sent events). */
export function toGraphView(graph: TaskGraph): TaskGraphView {
  return {
    id: graph.id,
    agent: graph.conversation.agent,
    channelId: graph.conversation.channelId,
    createdAt: graph.createdAt,
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      kind: node.kind,
      status: node.status,
      params: copyJsonValue(node.params) as TaskParams,
      dependsOn: [...node.dependsOn],
      retries: node.retries,
      waitUntil: node.waitUntil,
      lastError: node.lastError,
      createdAt: node.createdAt,
      updatedAt: node.updatedAt,
    })),
  };
}

/**
 * A copy of JSON data, such as a node's params (they are stored as JSON): the view must not
 * change when the engine later changes the node. Several views are made per turn, and a plain
 * copy costs a fraction of `structuredClone`'s serialisation.
 */
function copyJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJsonValue);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const item = copyJsonValue((value as Record<string, unknown>)[key]);
    // A model may write any key; assigning "__proto__" would set the copy's prototype instead.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true });
    else copy[key] = item;
  }
  return copy;
}

/**
 * Tasks not yet done, failed or cancelled, the presence window left out: it only keeps the agent
 * looking online, and counting it would show work in every conversation for minutes after a turn.
 */
export function unfinishedCount(graph: TaskGraph | null): number {
  return graph ? graph.nodes.filter((node) => !isTerminal(node.status) && !isOnlineWait(node)).length : 0;
}
