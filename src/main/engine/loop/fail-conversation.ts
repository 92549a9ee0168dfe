import { type ConversationKey, conversationKeyString } from '../../../shared/domain/conversation-key';
import type { EngineCore } from '../engine-core';
import { isTerminal, updateNode } from '../graph/task-graph';

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The conversation stopped on an unexpected error: ${message}`;
}

/**
 * Ends a conversation whose loop threw (a defect, or a graph no rule can settle): every task
 * still to do fails with the reason, written to the store, so the console shows it, the other
 * conversations go on, and a restart does not run into the same error again. The unread scan
 * leaves the chat alone until a new message arrives. Returns whether the loop should look once
 * more (to clear the finished graph); false when even recording the failure failed, in which case
 * the graph is dropped from memory and, where the store lets it, from disk.
 */
export function failConversation(core: EngineCore, conversation: ConversationKey, error: unknown): boolean {
  const reason = reasonOf(error);
  core.logger.error({ err: error, conversation }, 'conversation loop failed');
  core.givenUp.gaveUp(conversation);
  const graph = core.graphOf(conversation);
  if (!graph) return false;
  const unfinished = graph.nodes.filter((node) => !isTerminal(node.status));
  if (unfinished.length > 0) {
    try {
      core.commit(conversation, (_graph, now) => {
        for (const node of unfinished) updateNode(node, { status: 'failed', lastError: reason }, now);
        core.deps.store.taskLog.append({
          timestamp: now,
          agentConfigName: conversation.agent,
          channelId: conversation.channelId,
          actionKind: 'conversation',
          taskIdentifier: graph.id,
          details: { failedTasks: unfinished.map((node) => node.id) },
          failureMessage: reason,
        });
      });
      return true;
    } catch (recordError) {
      core.logger.error({ err: recordError, conversation }, 'could not record the conversation failure');
    }
  }
  core.graphs.delete(conversationKeyString(conversation));
  try {
    core.deps.store.transaction(() => core.deps.store.taskGraphs.delete(conversation));
  } catch (deleteError) {
    core.logger.error({ err: deleteError, conversation }, 'could not remove the failed graph');
  }
  core.emit({ type: 'graphChanged', conversation, graph: null });
  return false;
}
