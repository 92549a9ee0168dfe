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
      params: structuredClone(node.params),
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
 * Tasks not yet done, failed or cancelled, the presence window left out: it only keeps the agent
 * looking online, and counting it would show work in every conversation for minutes after a turn.
 */
export function unfinishedCount(graph: TaskGraph | null): number {
  return graph ? graph.nodes.filter((node) => !isTerminal(node.status) && !isOnlineWait(node)).length : 0;
}
