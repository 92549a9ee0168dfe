import type { ConversationKey } from './conversation-key';
import type { TaskStatus } from './tasks';

/** Task params as stored: our own internal fields in camelCase, the model's fields as it wrote them. */
export type TaskParams = Record<string, unknown>;

/** One node of a conversation's task graph. */
export interface TaskNode {
  id: string;
  /** A graph task kind; an unknown kind stays here so it can fail as a task. */
  kind: string;
  status: TaskStatus;
  params: TaskParams;
  /** Ids of nodes that must be done first. */
  dependsOn: string[];
  /** Failed attempts that were retried (flood waits do not count). */
  retries: number;
  /** For waits: the absolute deadline (ISO), set the first time the wait is unblocked. */
  waitUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the engine knows about the conversation when the graph was made. */
export interface GraphContext {
  /** Group or channel (true), or a direct chat (false): decides the typing gate and reply-to default. */
  isGroup: boolean;
  /** The chat's title, for logs and the console. */
  channelName: string;
}

/** A conversation's task graph as stored: the plain record the engine builds its graph from. */
export interface TaskGraphRecord {
  id: string;
  conversation: ConversationKey;
  context: GraphContext;
  createdAt: string;
  nodes: TaskNode[];
}
