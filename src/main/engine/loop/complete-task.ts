import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EngineCore } from '../engine-core';
import { failTask } from '../graph/graph-rules';
import { draftState, isOperatorTask } from '../graph/operator-marks';
import { type TaskGraph, type TaskNode, updateNode } from '../graph/task-graph';
import { classifyTaskFailure } from '../tasks/classify-failure';
import type { TaskResult } from '../tasks/task-handler';

/** The received turn a task was planned by: the first one up its dependencies; null for a turn itself. */
function originOf(graph: TaskGraph, node: TaskNode): string | null {
  const seen = new Set<string>();
  let frontier = [...node.dependsOn];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      const dependency = graph.node(id);
      if (!dependency) continue;
      if (dependency.kind === 'received') return dependency.id;
      next.push(...dependency.dependsOn);
    }
    frontier = next;
  }
  return null;
}

/** Records a task's outcome: done (with its effects) or failed (retry, flood wait, or for good). */
export function completeTask(
  core: EngineCore,
  conversation: ConversationKey,
  node: TaskNode,
  result: TaskResult | null,
  failure: unknown,
): void {
  const { store, settings } = core.deps;
  core.commit(conversation, (graph, now) => {
    result?.record?.();
    // Cancelled meanwhile (superseded by a replan): its plan no longer counts.
    if (node.status !== 'active' || graph.node(node.id) !== node) return;
    const logBase = {
      timestamp: now,
      agentConfigName: conversation.agent,
      channelId: conversation.channelId,
      actionKind: node.kind,
      taskIdentifier: node.id,
    };
    // The turn whose reply planned the task: what it did (or failed to do) traces to that exchange.
    // The operator's hand shows too: a message written by the operator, a draft approved or edited.
    const origin = originOf(graph, node);
    const draft = draftState(node);
    const traced = {
      ...(origin ? { origin } : {}),
      ...(isOperatorTask(node) ? { operator: true } : {}),
      ...(draft ? { draft } : {}),
    };
    if (failure === null) {
      result?.apply?.(graph, now);
      // A retried task keeps its last failure: the operator sees why it needed more tries.
      updateNode(node, { status: 'done' }, now);
      store.taskLog.append({ ...logBase, details: { ...result?.log, ...traced } });
      return;
    }
    const classified = classifyTaskFailure(failure);
    const { maxRetries, retryIntervalSeconds } = settings().engine;
    const outcome = failTask(graph, node, classified, { maxRetries, retryIntervalSeconds }, now);
    if (outcome === 'failed' && node.kind === 'received') core.givenUp.gaveUp(conversation);
    store.taskLog.append({
      ...logBase,
      details: { outcome, retries: node.retries, ...traced },
      failureMessage: classified.message,
    });
    const log =
      outcome === 'failed' ? core.logger.warn.bind(core.logger) : core.logger.info.bind(core.logger);
    log({ conversation, task: node.id, kind: node.kind, outcome, error: classified.message }, 'task failed');
  });
}
