import type { TaskNode, TaskParams } from './task-graph';

/** What the operator held back of the agent's plan (drafts in a few words), and what to do instead. */
export interface Guidance {
  heldBack: string[];
  instruction: string;
}

function guidanceOrNull(value: unknown): Guidance | null {
  if (typeof value !== 'object' || value === null) return null;
  const { heldBack, instruction } = value as Record<string, unknown>;
  if (typeof instruction !== 'string' || !Array.isArray(heldBack)) return null;
  return { heldBack: heldBack.filter((text): text is string => typeof text === 'string'), instruction };
}

/** Why the agent should look at the conversation again, as the `received` task carries it. */
export interface ReceivedParams {
  /** The newest message that triggered the turn (the prompt's target message). */
  messageId: number | null;
  /** The agent was mentioned or replied to. */
  callout: boolean;
  /** Set when another conversation of the agent (or the operator) asked for this turn. */
  xsendIntent: string | null;
  /** The operator rejected the agent's drafts and said what to do instead. */
  guidance: Guidance | null;
  /** The instructions of the agent's scheduled events that came due, oldest first. */
  eventIntents: string[];
  /** The agent's own messages that got new reactions. */
  reactionMessageIds: number[];
  clearMentions: boolean;
  clearReactions: boolean;
}

export const NO_TRIGGER: ReceivedParams = {
  messageId: null,
  callout: false,
  xsendIntent: null,
  guidance: null,
  eventIntents: [],
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
    guidance: guidanceOrNull(params.guidance),
    eventIntents: Array.isArray(params.eventIntents)
      ? params.eventIntents.filter((intent): intent is string => typeof intent === 'string')
      : [],
    reactionMessageIds: reactions.filter((id): id is number => numberOrNull(id) !== null),
    clearMentions: params.clearMentions === true,
    clearReactions: params.clearReactions === true,
  };
}

export function toTaskParams(params: ReceivedParams): TaskParams {
  return {
    ...params,
    eventIntents: [...params.eventIntents],
    reactionMessageIds: [...params.reactionMessageIds],
  };
}
