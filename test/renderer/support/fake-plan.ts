import type { Network } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { AgentPlan } from '../../../src/shared/api/plan-contract';
import { parseChatQuery } from '../../../src/shared/domain/chat-query';
import { byNextRun, nextTask } from '../../../src/shared/domain/plan-next';
import type { TaskGraphView, TaskNodeView } from '../../../src/shared/domain/tasks';
import type { SimChat } from './fake-runtime';

/**
 * The fake runtime's `plan.*`: the engine's rules (src/main/engine/steering/task-actions.ts) on
 * a chat's graph, with its refusals word for word. Each returns the graph as it is after.
 */

const SEND_KINDS = ['send', 'sticker', 'send_media'];
const CANCELLED_BY_OPERATOR = 'Cancelled by the operator.';
const DEPENDENCY_FAILED = 'A task it depended on failed or was cancelled.';
const isTerminal = (node: TaskNodeView) => ['done', 'failed', 'cancelled'].includes(node.status);

type Outcome = { graph: TaskGraphView | null; cancelled: string[] };

function graphOrFail(graph: TaskGraphView | null): TaskGraphView {
  if (!graph) throw new ApiError('not_found', 'The conversation has no plan now: everything in it has run.');
  return graph;
}

function nodeOrFail(graph: TaskGraphView, taskId: string): TaskNodeView {
  const node = graph.nodes.find((candidate) => candidate.id === taskId);
  if (!node) throw new ApiError('not_found', `The plan has no task ${taskId} any more: it has run.`);
  return node;
}

function dependents(graph: TaskGraphView, taskId: string): TaskNodeView[] {
  const found = new Set([taskId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of graph.nodes) {
      if (found.has(node.id) || !node.dependsOn.some((id) => found.has(id))) continue;
      found.add(node.id);
      grew = true;
    }
  }
  return graph.nodes.filter((node) => node.id !== taskId && found.has(node.id));
}

function withNodes(graph: TaskGraphView, change: (node: TaskNodeView) => TaskNodeView): TaskGraphView {
  return { ...graph, nodes: graph.nodes.map(change) };
}

export function cancelTask(current: TaskGraphView | null, taskId: string): Outcome {
  const graph = graphOrFail(current);
  const node = nodeOrFail(graph, taskId);
  if (node.status === 'done') {
    throw new ApiError('conflict', SEND_KINDS.includes(node.kind) ? 'Already sent.' : 'Already done.');
  }
  if (node.status === 'active' && SEND_KINDS.includes(node.kind)) {
    throw new ApiError('conflict', 'It is being sent right now and can no longer be stopped.');
  }
  const doomed = new Set(
    [node, ...dependents(graph, taskId)].filter((candidate) => !isTerminal(candidate)).map((n) => n.id),
  );
  return {
    graph: withNodes(graph, (candidate) =>
      doomed.has(candidate.id)
        ? { ...candidate, status: 'cancelled', lastError: CANCELLED_BY_OPERATOR }
        : candidate,
    ),
    cancelled: [...doomed],
  };
}

export function retryTask(current: TaskGraphView | null, taskId: string): Outcome {
  const graph = graphOrFail(current);
  const node = nodeOrFail(graph, taskId);
  if (node.status !== 'failed') {
    throw new ApiError('conflict', `Only a failed task can be retried; this one is ${node.status}.`);
  }
  const revived = new Set(
    dependents(graph, taskId)
      .filter((dependent) => dependent.status === 'cancelled' && dependent.lastError === DEPENDENCY_FAILED)
      .map((dependent) => dependent.id),
  );
  return {
    graph: withNodes(graph, (candidate) => {
      if (candidate.id === taskId) {
        return { ...candidate, status: 'pending', retries: 0, lastError: null, waitUntil: null };
      }
      return revived.has(candidate.id) ? { ...candidate, status: 'pending', lastError: null } : candidate;
    }),
    cancelled: [],
  };
}

export function clearPending(current: TaskGraphView | null): Outcome {
  let graph = current;
  const cancelled: string[] = [];
  for (const node of current?.nodes ?? []) {
    const now = graph?.nodes.find((candidate) => candidate.id === node.id);
    if (!now || isTerminal(now) || (now.status === 'active' && SEND_KINDS.includes(now.kind))) continue;
    const outcome = cancelTask(graph, node.id);
    graph = outcome.graph;
    cancelled.push(...outcome.cancelled);
  }
  return { graph, cancelled };
}

/** `plan.agentOverview` over the fake's chats: those of the agent with unfinished work, what runs next first. */
export function agentOverview(
  chats: Iterable<SimChat>,
  input: { agent: string; network?: Network },
  now: number,
): { plans: AgentPlan[] } {
  const plans = [...chats]
    .filter((chat) => chat.agent === input.agent && (!input.network || chat.network === input.network))
    .flatMap((chat) => {
      const { graph } = chat;
      if (!graph?.nodes.some((node) => !isTerminal(node) && node.params.online !== true)) return [];
      const counts = { pending: 0, active: 0, done: 0, failed: 0, cancelled: 0 };
      for (const node of graph.nodes) counts[node.status] += 1;
      return [
        {
          agent: chat.agent,
          network: chat.network,
          channelId: chat.info.channelId,
          title: chat.info.title,
          paused: chat.paused,
          counts,
          next: nextTask(graph, now),
          graph,
        },
      ];
    });
  return { plans: byNextRun(plans, now) };
}

/** `plan.findConversation` over the fake's chats: by id, or a direct chat's person by @username. */
export function findConversation(
  chats: Iterable<SimChat>,
  input: { agent: string; network: Network; query: string },
): { chat: SimChat['info'] } {
  const query = parseChatQuery(input.query);
  if ('error' in query) throw new ApiError('invalid_input', query.error);
  for (const chat of chats) {
    if (chat.agent !== input.agent || chat.network !== input.network) continue;
    const matches =
      query.kind === 'id'
        ? chat.info.channelId === query.id
        : query.kind === 'username' &&
          chat.info.kind === 'direct' &&
          chat.people.some((person) => person.username?.toLowerCase() === query.username.toLowerCase());
    if (matches) return { chat: chat.info };
  }
  throw new ApiError('not_found', `${input.agent} can reach no chat or person ${input.query.trim()}.`);
}
