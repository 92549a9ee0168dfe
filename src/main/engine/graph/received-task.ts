import type { TaskNode, TaskParams } from './task-graph';

/** Why the agent should look at the conversation again, as the `received` task carries it. */
export interface ReceivedParams {
  /** The newest message that triggered the turn (the prompt's target message). */
  messageId: number | null;
  /** The agent was mentioned or replied to. */
  callout: boolean;
  /** Set when another conversation of the agent (or the operator) asked for this turn. */
  xsendIntent: string | null;
  /** The agent's own messages that got new reactions. */
  reactionMessageIds: number[];
  clearMentions: boolean;
  clearReactions: boolean;
}

export const NO_TRIGGER: ReceivedParams = {
  messageId: null,
  callout: false,
  xsendIntent: null,
  reactionMessageIds: [],
  clearMentions: false,
  clearReactions: false,
};

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** Reads a received node's params back, tolerating fields an older version did not write. */
export function receivedParams(node: TaskNode): ReceivedParams {
  const params = node.params;
  const reactions = Array.isArray(params.reactionMessageIds) ? params.reactionMessageIds : [];
  return {
    messageId: numberOrNull(params.messageId),
    callout: params.callout === true,
    xsendIntent: typeof params.xsendIntent === 'string' ? params.xsendIntent : null,
    reactionMessageIds: reactions.filter((id): id is number => numberOrNull(id) !== null),
    clearMentions: params.clearMentions === true,
    clearReactions: params.clearReactions === true,
  };
}

export function toTaskParams(params: ReceivedParams): TaskParams {
  return { ...params, reactionMessageIds: [...params.reactionMessageIds] };
}
