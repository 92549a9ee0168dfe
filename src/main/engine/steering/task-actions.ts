import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EngineCore } from '../engine-core';
import { DEPENDENCY_FAILED } from '../graph/graph-rules';
import { receivedParams } from '../graph/received-task';
import { isTerminal, type TaskGraph, type TaskNode, updateNode } from '../graph/task-graph';
import { resourceOf } from '../tasks/handler-registry';

/** Why the operator's action on a task cannot be done; the API turns it into its error. */
export class TaskActionError extends Error {
  readonly kind: 'not_found' | 'conflict';

  constructor(kind: TaskActionError['kind'], message: string) {
    super(message);
    this.name = 'TaskActionError';
    this.kind = kind;
  }
}

const CANCELLED_BY_OPERATOR = 'Cancelled by the operator.';

export function graphOrFail(core: EngineCore, conversation: ConversationKey): TaskGraph {
  const graph = core.graphOf(conversation);
  if (!graph)
    throw new TaskActionError('not_found', 'The conversation has no plan now: everything in it has run.');
  return graph;
}

export function nodeOrFail(graph: TaskGraph, taskId: string): TaskNode {
  const node = graph.node(taskId);
  if (!node) throw new TaskActionError('not_found', `The plan has no task ${taskId} any more: it has run.`);
  return node;
}

/** The tasks that wait for `id`, directly or through others. */
export function dependentsOf(graph: TaskGraph, id: string): TaskNode[] {
  const found = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of graph.nodes) {
      if (found.has(node.id) || !node.dependsOn.some((dependency) => found.has(dependency))) continue;
      found.add(node.id);
      grew = true;
    }
  }
  found.delete(id);
  return graph.nodes.filter((node) => found.has(node.id));
}

/**
 * Cancels a task and every task waiting for it, in one transaction. A turn being thought is
 * stopped, and the messages it was to answer count as answered; a message being sent right now
 * cannot be called back, and one already sent is said to be so. Returns the ids cancelled (none
 * when it was cancelled already).
 */
export function cancelTask(core: EngineCore, conversation: ConversationKey, taskId: string): string[] {
  const graph = graphOrFail(core, conversation);
  const node = nodeOrFail(graph, taskId);
  if (node.status === 'done') {
    throw new TaskActionError(
      'conflict',
      resourceOf(node.kind) === 'send' ? 'Already sent.' : 'Already done.',
    );
  }
  if (node.status === 'active' && resourceOf(node.kind) === 'send') {
    throw new TaskActionError('conflict', 'It is being sent right now and can no longer be stopped.');
  }
  const doomed = [node, ...dependentsOf(graph, taskId)].filter((candidate) => !isTerminal(candidate.status));
  if (doomed.length === 0) return [];
  core.commit(conversation, (_graph, now) => {
    for (const candidate of doomed)
      updateNode(candidate, { status: 'cancelled', lastError: CANCELLED_BY_OPERATOR }, now);
    // The operator chose not to answer: the engine's record of what it answered says so, or the
    // unread scan would bring the message back as a new turn.
    const unanswered = doomed.flatMap((candidate) =>
      candidate.kind === 'received' ? [receivedParams(candidate).messageId ?? 0] : [],
    );
    const through = Math.max(0, ...unanswered);
    if (through > 0) core.deps.store.readMarks.advance(conversation, through);
  });
  const runner = core.runner(conversation);
  if (runner.current && doomed.some((candidate) => candidate.id === runner.current!.nodeId)) {
    runner.current.abort.abort(new Error(CANCELLED_BY_OPERATOR));
  }
  return doomed.map((candidate) => candidate.id);
}

/**
 * Runs a failed task again now, with its retries counted afresh; the tasks its failure cancelled
 * (not those the operator or a replan cancelled) wait for it again.
 */
export function retryTask(core: EngineCore, conversation: ConversationKey, taskId: string): void {
  const graph = graphOrFail(core, conversation);
  const node = nodeOrFail(graph, taskId);
  if (node.status !== 'failed') {
    throw new TaskActionError('conflict', `Only a failed task can be retried; this one is ${node.status}.`);
  }
  core.commit(conversation, (_graph, now) => {
    updateNode(node, { status: 'pending', retries: 0, lastError: null, waitUntil: null }, now);
    for (const dependent of dependentsOf(graph, taskId)) {
      if (dependent.status === 'cancelled' && dependent.lastError === DEPENDENCY_FAILED) {
        updateNode(dependent, { status: 'pending', lastError: null }, now);
      }
    }
  });
}

/** Cancels every task of the conversation that has not run (a message being sent right now excepted). */
export function clearPending(core: EngineCore, conversation: ConversationKey): string[] {
  const graph = core.graphOf(conversation);
  if (!graph) return [];
  const cancelled: string[] = [];
  for (const node of graph.nodes) {
    if (isTerminal(node.status) || (node.status === 'active' && resourceOf(node.kind) === 'send')) continue;
    cancelled.push(...cancelTask(core, conversation, node.id));
  }
  return cancelled;
}
