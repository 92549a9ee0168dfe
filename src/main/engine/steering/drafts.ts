import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { EngineCore } from '../engine-core';
import { draftState, isAwaitingApproval } from '../graph/operator-marks';
import { createNode, isTerminal, type TaskNode, updateNode } from '../graph/task-graph';
import { waitParams } from '../graph/wait-params';
import { type Pacing, typingWaitBefore } from '../pacing/typing-delay';
import { graphOrFail, nodeOrFail, TaskActionError } from './task-actions';

/**
 * The operator's answer to a draft: the agent's planned message (or reaction) waiting for
 * approval. Approved, it is paced and sent as if just planned; rejected, it never goes out and
 * the plan closes up around it.
 */

const REJECTED = 'Rejected by the operator.';

function awaitingDraftOrFail(core: EngineCore, conversation: ConversationKey, taskId: string): TaskNode {
  const node = nodeOrFail(graphOrFail(core, conversation), taskId);
  if (isAwaitingApproval(node)) return node;
  if (draftState(node) === null) throw new TaskActionError('conflict', 'This task is not a draft.');
  throw new TaskActionError(
    'conflict',
    node.status === 'cancelled'
      ? `This draft is gone: ${node.lastError ?? 'it was cancelled.'}`
      : 'This draft was approved already.',
  );
}

/**
 * Lets a draft go: it gets the typing wait it would have had (for its text as edited), after what
 * it already waits for. `text` replaces a text message's words.
 */
export function approveDraft(
  core: EngineCore,
  conversation: ConversationKey,
  taskId: string,
  edit: { text?: string },
  pacing: Pacing,
): void {
  const node = awaitingDraftOrFail(core, conversation, taskId);
  const edited = edit.text !== undefined && edit.text !== node.params.text;
  if (edited && node.kind !== 'send') {
    throw new TaskActionError('conflict', 'Only a text message can be edited; approve or reject this one.');
  }
  core.commit(conversation, (graph, now) => {
    const params = edited
      ? { ...node.params, text: edit.text, draft: 'edited', draftText: node.params.text }
      : { ...node.params, draft: 'approved' };
    const dependsOn = [...node.dependsOn];
    const seconds = typingWaitBefore(node.kind, params, pacing);
    if (seconds > 0) {
      const wait = createNode(
        { kind: 'wait', params: waitParams(seconds, { typing: true }), dependsOn: [...node.dependsOn] },
        now,
      );
      graph.add(wait);
      dependsOn.push(wait.id);
    }
    updateNode(node, { params, dependsOn }, now);
  });
}

/**
 * Drops a draft. The tasks planned after it wait for what it waited for instead, so rejecting one
 * message of a reply leaves the others to be approved on their own.
 */
export function rejectDraft(core: EngineCore, conversation: ConversationKey, taskId: string): TaskNode {
  const node = awaitingDraftOrFail(core, conversation, taskId);
  core.commit(conversation, (graph, now) => {
    for (const dependent of graph.nodes) {
      if (isTerminal(dependent.status) || !dependent.dependsOn.includes(node.id)) continue;
      const dependsOn = dependent.dependsOn.flatMap((id) => (id === node.id ? node.dependsOn : [id]));
      updateNode(dependent, { dependsOn: [...new Set(dependsOn)] }, now);
    }
    updateNode(node, { status: 'cancelled', lastError: REJECTED }, now);
  });
  return node;
}

/** A draft in a few words, for the agent's next turn to know what was held back. */
export function describeDraft(node: TaskNode): string {
  const { params } = node;
  switch (node.kind) {
    case 'send':
      return String(params.text ?? '');
    case 'sticker':
      return `(the sticker "${String(params.name ?? '')}")`;
    case 'react':
      return `(the reaction ${String(params.emoji ?? '')} on message ${String(params.message_id ?? '')})`;
    default:
      return '(a photo or file from your media)';
  }
}
