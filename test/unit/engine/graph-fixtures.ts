import {
  createNode,
  type NewNode,
  TaskGraph,
  type TaskNode,
} from '../../../src/main/engine/graph/task-graph';
import type { ConversationKey } from '../../../src/shared/domain/conversation-key';

export const NOW = new Date('2026-03-02T10:00:00Z');

export const DIRECT: ConversationKey = { agent: 'Ada', network: 'simulator', channelId: 9_000_000_001 };
export const GROUP: ConversationKey = { agent: 'Ada', network: 'simulator', channelId: -1_009_000_000_001 };

export function at(seconds: number): Date {
  return new Date(NOW.getTime() + seconds * 1000);
}

/** A graph with nodes given in order; ids default to the kind plus the node's position. */
export function graphOf(
  nodes: (NewNode & { status?: TaskNode['status'] })[],
  conversation = DIRECT,
): TaskGraph {
  const graph = new TaskGraph({
    id: 'recv-test',
    conversation,
    context: { isGroup: conversation.channelId < 0, channelName: 'Pat' },
    createdAt: NOW.toISOString(),
    nodes: [],
  });
  nodes.forEach((spec, index) => {
    const node = graph.add(createNode({ id: spec.id ?? `${spec.kind}-${index}`, ...spec }, NOW));
    if (spec.status) node.status = spec.status;
  });
  return graph;
}

export function statusOf(graph: TaskGraph, id: string): TaskNode['status'] | undefined {
  return graph.node(id)?.status;
}
