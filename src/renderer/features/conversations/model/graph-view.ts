import type { TaskGraphView, TaskKind, TaskNodeView, TaskStatus } from '../../../../shared/domain/tasks';
import { TERMINAL_TASK_STATUSES } from '../../../../shared/domain/tasks';

/** The task graph as the inspector and the chat header read it: states, presence, countdowns. */

export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  pending: 'gray',
  active: 'blue',
  done: 'teal',
  failed: 'red',
  cancelled: 'yellow',
};

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'Pending',
  active: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Each task kind as the operator reads it on a card; the kind's own name stays in the labels for tools. */
const TASK_KIND_LABELS: Record<TaskKind, string> = {
  received: 'Incoming',
  send: 'Message',
  sticker: 'Sticker',
  send_media: 'Media',
  react: 'Reaction',
  wait: 'Wait',
  block: 'Block',
  unblock: 'Unblock',
  'clear-conversation': 'Clear chat',
  xsend: 'Message elsewhere',
  think: 'Thought',
  remember: 'Memory',
  note: 'Note',
  plan: 'Plan',
  intend: 'Intention',
  summarize: 'Summary',
  event: 'Reminder',
  schedule: 'Schedule',
  retrieve: 'Retrieval',
};

/** A task kind in words; a kind this console does not know reads as itself. */
export function taskKindLabel(kind: string): string {
  return TASK_KIND_LABELS[kind as TaskKind] ?? kind;
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/** A wait that only keeps the agent online after a turn (the presence window). */
export function isPresenceWait(node: TaskNodeView): boolean {
  return node.kind === 'wait' && node.params.online === true;
}

/**
 * Tasks the agent still has to do: unfinished ones, not counting the presence window that
 * keeps it online for a few minutes after every turn.
 */
export function unfinishedTaskCount(graph: TaskGraphView | null): number {
  return graph ? graph.nodes.filter((node) => !isTerminal(node.status) && !isPresenceWait(node)).length : 0;
}

export type Presence = { typing: boolean; online: boolean };

const OFFLINE: Presence = { typing: false, online: false };

/** The agent's presence in a chat: as announced by the last activity event, else read from its graph. */
export function chatPresence(activity: Presence | null, graph: TaskGraphView | null): Presence {
  if (activity) return activity;
  return graph ? presenceFromGraph(graph) : OFFLINE;
}

/**
 * What the people see of the agent, read from its graph: typing while a typing wait runs (its
 * deadline is set), online while a presence window is pending. For when no activity event has
 * been heard yet (a chat just opened).
 */
export function presenceFromGraph(graph: TaskGraphView | null): Presence {
  const pending = graph?.nodes.filter((node) => node.kind === 'wait' && node.status === 'pending') ?? [];
  const typing = pending.some((node) => node.params.typing === true && node.waitUntil !== null);
  return { typing, online: typing || pending.some((node) => node.params.online === true) };
}

export function countByStatus(nodes: readonly TaskNodeView[]): Record<TaskStatus, number> {
  const counts: Record<TaskStatus, number> = { pending: 0, active: 0, done: 0, failed: 0, cancelled: 0 };
  for (const node of nodes) counts[node.status] += 1;
  return counts;
}

/**
 * How long a wait still has to run, in ms (never negative), or null when it is not counting down:
 * it is not a wait, it is finished, or its deadline is not set yet (still blocked).
 */
export function waitRemainingMs(node: TaskNodeView, now: number): number | null {
  if (node.waitUntil === null || isTerminal(node.status)) return null;
  const until = Date.parse(node.waitUntil);
  if (Number.isNaN(until)) return null;
  return Math.max(0, until - now);
}
