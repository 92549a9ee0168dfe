import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import type { EngineCore } from '../engine-core';
import { isOperatorTask } from '../graph/operator-marks';
import {
  createNode,
  type GraphContext,
  isTerminal,
  newGraphId,
  TaskGraph,
  updateNode,
} from '../graph/task-graph';
import { waitParams } from '../graph/wait-params';
import { type Pacing, typingWaitBefore } from '../pacing/typing-delay';
import { TaskActionError } from './task-actions';

/** What the operator writes as the agent: a text or one of the agent's stickers, maybe a reply. */
export type OperatorMessage =
  | { kind: 'text'; text: string; replyTo: number | null }
  | { kind: 'sticker'; setName: string; name: string; replyTo: number | null };

function taskOf(message: OperatorMessage): { kind: string; params: Record<string, unknown> } {
  const common = { reply_to: message.replyTo, operator: true, preserve: true };
  return message.kind === 'text'
    ? { kind: 'send', params: { ...common, text: message.text } }
    : { kind: 'sticker', params: { ...common, sticker_set: message.setName, name: message.name } };
}

/**
 * Puts the operator's message into the conversation's plan as the agent's own send: paced like
 * the agent's (a typing wait first), after the operator's earlier messages, and kept by replans
 * (a turn to come waits for it, so the agent sees it in its history). The agent's own
 * echo of a sent message starts no turn, so nothing replans on it. `context` makes the graph
 * when the conversation has none. Returns the send's task id.
 */
export function operatorSend(
  core: EngineCore,
  conversation: ConversationKey,
  message: OperatorMessage,
  deps: { pacing: Pacing; context: GraphContext },
): string {
  const { store, clock } = core.deps;
  if (store.conversationSettings.get(conversation).paused) {
    throw new TaskActionError('conflict', 'The conversation is paused: resume it to send.');
  }
  const now = clock.now();
  const graph =
    core.graphOf(conversation) ??
    new TaskGraph({
      id: newGraphId(),
      conversation,
      context: deps.context,
      createdAt: now.toISOString(),
      nodes: [],
    });
  const earlier = graph.nodes.filter((node) => isOperatorTask(node) && !isTerminal(node.status)).at(-1);
  const { kind, params } = taskOf(message);
  let dependsOn = earlier ? [earlier.id] : [];
  const seconds = typingWaitBefore(kind, params, deps.pacing);
  if (seconds > 0) {
    const wait = createNode(
      { kind: 'wait', params: waitParams(seconds, { typing: true, preserve: true }), dependsOn },
      now,
    );
    graph.add(wait);
    dependsOn = [wait.id];
  }
  const send = graph.add(createNode({ kind, params, dependsOn }, now));
  // A turn still to come thinks with the operator's message in its history.
  for (const node of graph.nodes) {
    if (node.kind === 'received' && node.status === 'pending')
      updateNode(node, { dependsOn: [...node.dependsOn, send.id] }, now);
  }
  store.transaction(() => store.taskGraphs.save(graph));
  core.graphs.set(conversationKeyString(conversation), graph);
  return send.id;
}
