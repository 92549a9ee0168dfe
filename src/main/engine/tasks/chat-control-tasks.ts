import { memoryOwner } from '../../memory';
import { isGroupChannel } from '../inbound/gates';
import { checkedParams, type GraphTaskDeps } from './task-deps';
import { PermanentTaskError, type TaskHandler } from './task-handler';

function requireDirectChat(kind: string, channelId: number): void {
  if (isGroupChannel(channelId)) {
    throw new PermanentTaskError(`${kind} works only in a direct chat, and this conversation is a group.`);
  }
}

/** `block`: blocks the partner of a direct chat (in a direct chat the channel id is the partner's id). */
export function blockHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    checkedParams('block', node.params);
    requireDirectChat('block', conversation.channelId);
    await deps.port.block(agent.configName, conversation.channelId);
    return { log: { userId: conversation.channelId } };
  };
}

/** `unblock`: unblocks the partner of a direct chat. */
export function unblockHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    checkedParams('unblock', node.params);
    requireDirectChat('unblock', conversation.channelId);
    await deps.port.unblock(agent.configName, conversation.channelId);
    return { log: { userId: conversation.channelId } };
  };
}

/**
 * `clear-conversation`: deletes a direct chat's whole history for both sides. An agent that resets
 * its context at a conversation's start also forgets its plans for it, as the chat starts over.
 */
export function clearConversationHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    checkedParams('clear-conversation', node.params);
    requireDirectChat('clear-conversation', conversation.channelId);
    await deps.port.deleteHistory(agent.configName, conversation.channelId, { revoke: true });
    if (!agent.resetContextOnFirstMessage) return { log: { revoke: true } };
    return {
      record: () => {
        deps.store.memoryEntries.clear(memoryOwner('plan', conversation));
      },
      log: { revoke: true, plansCleared: true },
    };
  };
}

/**
 * `xsend`: wakes another conversation of the same agent with an instruction for itself (a received
 * task carrying the intent, which bypasses that conversation's gag). Aimed at the current chat it
 * does nothing: the agent is already talking there.
 */
export function xsendHandler(deps: GraphTaskDeps): TaskHandler {
  return async ({ conversation, node, agent }) => {
    const params = checkedParams('xsend', node.params);
    const target = params.target_channel_id;
    if (typeof target !== 'number') {
      throw new PermanentTaskError(
        `xsend needs the target's channel id (a number); "${target}" cannot be looked up here.`,
      );
    }
    if (target === conversation.channelId) return { log: { ignored: 'the target is this conversation' } };
    // Fails (permanently) when the agent has no such chat.
    await deps.port.getChat(agent.configName, target);
    const intent = params.intent?.trim() ?? '';
    await deps.requestTurn({ ...conversation, channelId: target }, { xsendIntent: intent });
    return { log: { targetChannelId: target, intent } };
  };
}
