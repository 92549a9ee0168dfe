import type { TaskGraphView, TaskNodeView, TaskStatus } from '../../../../shared/domain/tasks';
import { TERMINAL_TASK_STATUSES } from '../../../../shared/domain/tasks';

/** The task graph as the inspector and the chat header read it: order, presence, countdowns, parameters. */

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

export type OrderedNode = { node: TaskNodeView; depth: number };

/**
 * The graph as a tree to read top-down: every node after all its dependencies, placed under the
 * last of them to be listed (its depth is that nesting), siblings in the runtime's order.
 * Unknown dependencies are ignored; nodes caught in a cycle, which the runtime never makes, come
 * last at the top level.
 */
export function orderGraph(graph: TaskGraphView): OrderedNode[] {
  const known = new Set(graph.nodes.map((node) => node.id));
  const depsOf = (node: TaskNodeView) => node.dependsOn.filter((id) => known.has(id) && id !== node.id);
  const placed = new Set<string>();
  const ordered: OrderedNode[] = [];

  const place = (node: TaskNodeView, depth: number) => {
    ordered.push({ node, depth });
    placed.add(node.id);
    for (const child of graph.nodes) {
      if (placed.has(child.id)) continue;
      const deps = depsOf(child);
      if (deps.includes(node.id) && deps.every((id) => placed.has(id))) place(child, depth + 1);
    }
  };

  for (const node of graph.nodes) {
    if (!placed.has(node.id) && depsOf(node).length === 0) place(node, 0);
  }
  for (const node of graph.nodes) if (!placed.has(node.id)) place(node, 0);
  return ordered;
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

/** Whether any node of the graph is counting down, so the view needs a ticking clock. */
export function hasCountdown(graph: TaskGraphView | null): boolean {
  return graph?.nodes.some((node) => node.waitUntil !== null && !isTerminal(node.status)) ?? false;
}

export type ParamSummary = {
  /** The words the task would send or think, shortened. */
  text: string | null;
  emoji: string | null;
  /** A wait's delay in seconds. */
  delaySeconds: number | null;
  /** Wait flags such as typing or the online window. */
  flags: string[];
  /** Every other parameter, as short label/value pairs. */
  details: Array<{ label: string; value: string }>;
};

const TEXT_KEYS = ['text', 'message', 'intent'];
const EMOJI_KEYS = ['emoji', 'reaction'];
const DELAY_KEYS = ['delay', 'delaySeconds', 'delay_seconds', 'seconds'];
const FLAG_KEYS = ['typing', 'online', 'preserve', 'retry', 'floodWait', 'callout'];
const FLAG_LABELS: Record<string, string> = {
  online: 'online window',
  preserve: 'preserved',
  floodWait: 'flood wait',
};
/** Internal bookkeeping, not worth an operator's glance. */
const HIDDEN_KEYS = new Set([
  'until',
  'previous_retries',
  'previousRetries',
  'idempotencyKey',
  'idempotency_key',
]);

const DETAIL_LABELS: Record<string, string> = {
  reply_to: 'reply to',
  replyTo: 'reply to',
  message_id: 'message',
  messageId: 'message',
  sticker_set: 'set',
  setName: 'set',
  name: 'name',
  target_channel_id: 'to chat',
  channelId: 'chat',
};

function shortValue(value: unknown, max = 60): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a task will do, at a glance: its text, emoji, delay, flags and remaining parameters. */
export function summarizeParams(params: Record<string, unknown>, maxText = 140): ParamSummary {
  const summary: ParamSummary = { text: null, emoji: null, delaySeconds: null, flags: [], details: [] };
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === false || HIDDEN_KEYS.has(key)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (summary.text === null && TEXT_KEYS.includes(key) && typeof value === 'string') {
      summary.text = value.length > maxText ? `${value.slice(0, maxText - 1)}…` : value;
    } else if (summary.emoji === null && EMOJI_KEYS.includes(key) && typeof value === 'string') {
      summary.emoji = value;
    } else if (summary.delaySeconds === null && DELAY_KEYS.includes(key) && typeof value === 'number') {
      summary.delaySeconds = value;
    } else if (FLAG_KEYS.includes(key) && typeof value === 'boolean') {
      summary.flags.push(FLAG_LABELS[key] ?? key);
    } else {
      summary.details.push({ label: DETAIL_LABELS[key] ?? key.replace(/_/g, ' '), value: shortValue(value) });
    }
  }
  return summary;
}
