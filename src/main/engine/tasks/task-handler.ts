import type { AgentConfig } from '../../../shared/domain/config';
import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { TaskGraph, TaskNode } from '../graph/task-graph';
import type { ChatLookups } from '../inbound/chat-lookups';

/** What a graph task handler gets: its node, the graph around it, and the agent it acts for. */
export interface TaskRun {
  conversation: ConversationKey;
  graph: TaskGraph;
  node: TaskNode;
  agent: AgentConfig;
  /** Aborted when the task is superseded (a replan cancelled it) or the engine stops. */
  signal: AbortSignal;
  /** The agent's account and the chat, asked of the network once per turn. */
  lookups: ChatLookups;
}

/**
 * What a finished handler asks the engine to write. Both run inside the transaction that marks
 * the task done, so a crash keeps either all of it or none.
 */
export interface TaskResult {
  /** Bookkeeping of what already happened outside (a sent message's id): written even when the
   * task was cancelled meanwhile, because the effect is real. */
  record?: () => void;
  /** Changes that only make sense if the task still counts (its plan is still current). */
  apply?: (graph: TaskGraph, now: Date) => void;
  /** Details for the task log. */
  log?: Record<string, unknown>;
}

export type TaskHandler = (run: TaskRun) => Promise<TaskResult>;

/**
 * A failure that retrying cannot fix (bad parameters, an unknown kind, a rule such as "block only
 * in direct chats"): the task fails at once.
 */
export class PermanentTaskError extends Error {
  override readonly name = 'PermanentTaskError';
}
