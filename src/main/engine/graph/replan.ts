import type { ConversationKey } from '../../../shared/domain/conversation-key';
import { type ReceivedParams, receivedParams, toTaskParams } from './received-task';
import {
  createNode,
  type GraphContext,
  isTerminal,
  newGraphId,
  TaskGraph,
  type TaskNode,
  updateNode,
} from './task-graph';
import { hasFlag, isOnlineWait, isWait } from './wait-params';

/** Finished received tasks kept across replans, so a late duplicate reaction is recognised. */
const KEPT_FINISHED_RECEIVED = 3;

export type ReceivedInsertion =
  /** The pending received task absorbed the trigger: still one LLM call for the burst. */
  | { outcome: 'coalesced'; graph: TaskGraph; received: TaskNode }
  /** A new graph with a new received task replaced the old one (or there was none). */
  | { outcome: 'replanned'; graph: TaskGraph; received: TaskNode; cancelled: TaskNode[] }
  /** Only reactions the graph already handles: nothing to do. */
  | { outcome: 'duplicate' };

export interface InsertReceivedInput {
  current: TaskGraph | null;
  conversation: ConversationKey;
  /** Used when a new graph is made. */
  context: GraphContext;
  trigger: ReceivedParams;
  now: Date;
}

/**
 * Puts a `received` task into the conversation's graph, the replanning rule of the engine:
 * - a pending received task absorbs the trigger (message id, callout, xsend intent and clear flags
 *   updated, event intents appended, reaction ids appended unless already tracked by it or by a finished received task);
 * - otherwise a new graph replaces the old one. It keeps the old nodes so dependencies still
 *   resolve, but cancels the unfinished ones except preserved nodes (preserved non-waits become
 *   dependencies of the new received task, preserved waits run on their own) and the pending
 *   presence window. Done nodes stay done.
 * A received task already running (its LLM call in flight) is not coalesced into: its turn is
 * cancelled and the new one sees every message, so no message goes unanswered.
 */
export function insertReceivedTask(input: InsertReceivedInput): ReceivedInsertion {
  const { current, trigger, now } = input;
  const receivedNodes = current?.nodes.filter((node) => node.kind === 'received') ?? [];
  const tracked = new Set(
    receivedNodes
      .filter((node) => node.status !== 'failed' && node.status !== 'cancelled')
      .flatMap((node) => receivedParams(node).reactionMessageIds),
  );
  const newReactionIds = [...new Set(trigger.reactionMessageIds)].filter((id) => !tracked.has(id));

  const pending = receivedNodes.find((node) => node.status === 'pending');
  if (current && pending) {
    const params = receivedParams(pending);
    const merged: ReceivedParams = {
      messageId: trigger.messageId ?? params.messageId,
      callout: params.callout || trigger.callout,
      xsendIntent: trigger.xsendIntent ?? params.xsendIntent,
      guidance: trigger.guidance ?? params.guidance,
      eventIntents: [...params.eventIntents, ...trigger.eventIntents],
      reactionMessageIds: [...params.reactionMessageIds, ...newReactionIds],
      clearMentions: params.clearMentions || trigger.clearMentions,
      clearReactions: params.clearReactions || trigger.clearReactions,
    };
    updateNode(pending, { params: toTaskParams(merged) }, now);
    return { outcome: 'coalesced', graph: current, received: pending };
  }

  const onlyReactions =
    trigger.messageId === null &&
    trigger.xsendIntent === null &&
    trigger.guidance === null &&
    trigger.eventIntents.length === 0;
  if (onlyReactions && newReactionIds.length === 0) return { outcome: 'duplicate' };

  const nodes = current ? keptNodes(current) : [];
  const graph = new TaskGraph({
    id: newGraphId(),
    conversation: input.conversation,
    context: input.context,
    createdAt: now.toISOString(),
    nodes,
  });
  const cancelled: TaskNode[] = [];
  const receivedDependsOn: string[] = [];
  for (const node of nodes) {
    if (isTerminal(node.status)) continue;
    if (hasFlag(node, 'preserve')) {
      if (!isWait(node)) receivedDependsOn.push(node.id);
      continue;
    }
    if (isOnlineWait(node) && node.status === 'pending') continue;
    updateNode(node, { status: 'cancelled', lastError: 'Replanned: newer messages arrived.' }, now);
    cancelled.push(node);
  }
  const received = graph.add(
    createNode(
      {
        kind: 'received',
        params: toTaskParams({ ...trigger, reactionMessageIds: newReactionIds }),
        dependsOn: receivedDependsOn,
      },
      now,
    ),
  );
  return { outcome: 'replanned', graph, received, cancelled };
}

/**
 * The old graph's nodes the new one keeps: all nodes of the old graph's own generation, and older
 * ones only while unfinished or needed by an unfinished node; the last few finished received
 * tasks also stay, for reaction de-duplication. This bounds the graph of a conversation that
 * never pauses long enough for its graph to finish.
 */
function keptNodes(current: TaskGraph): TaskNode[] {
  const generationStart = Date.parse(current.createdAt);
  const referenced = new Set(
    current.nodes.filter((node) => !isTerminal(node.status)).flatMap((node) => node.dependsOn),
  );
  const recentReceived = new Set(
    current.nodes
      .filter((node) => node.kind === 'received' && node.status === 'done')
      .slice(-KEPT_FINISHED_RECEIVED)
      .map((node) => node.id),
  );
  return current.nodes.filter(
    (node) =>
      !isTerminal(node.status) ||
      Date.parse(node.createdAt) >= generationStart ||
      referenced.has(node.id) ||
      recentReceived.has(node.id),
  );
}
