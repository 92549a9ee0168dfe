import type { ConversationSummary, Network } from '../../../shared/api/conversation-contract';
import type { ChatKind, ChatMsg, MessagePart, Reaction } from '../../../shared/domain/conversation';
import type { TaskGraphView, TaskNodeView, TaskStatus } from '../../../shared/domain/tasks';
import { TERMINAL_TASK_STATUSES } from '../../../shared/domain/tasks';

/**
 * What the conversation pages derive from the API's data: message timelines and their merges, previews,
 * reactions, read marks, the task graph's order and wait countdowns. Pure functions, used by the
 * store, the selectors and the views.
 */

/** One conversation of one agent, on the network of the store that holds it. */
export type ChatRef = { agent: string; channelId: number };

export function chatKey({ agent, channelId }: ChatRef): string {
  return `${agent}\u0000${channelId}`;
}

/** The messages of one chat: ids ascending, each message once. */
export type MessageWindow = { ids: number[]; byId: Record<number, ChatMsg> };

export const EMPTY_WINDOW: MessageWindow = { ids: [], byId: {} };

/** Adds or replaces messages by id; the newest copy wins. Unchanged input returns the same window. */
export function mergeMessages(window: MessageWindow, messages: readonly ChatMsg[]): MessageWindow {
  if (messages.length === 0) return window;
  const byId = { ...window.byId };
  let added = false;
  for (const message of messages) {
    if (!(message.messageId in byId)) added = true;
    byId[message.messageId] = message;
  }
  const ids = added
    ? Object.keys(byId)
        .map(Number)
        .sort((a, b) => a - b)
    : window.ids;
  return { ids, byId };
}

export function removeMessages(window: MessageWindow, messageIds: readonly number[]): MessageWindow {
  const gone = new Set(messageIds);
  if (!window.ids.some((id) => gone.has(id))) return window;
  const byId = { ...window.byId };
  for (const id of gone) delete byId[id];
  return { ids: window.ids.filter((id) => !gone.has(id)), byId };
}

export function oldestMessageId(window: MessageWindow): number | null {
  return window.ids[0] ?? null;
}

export const NETWORK_LABELS: Record<Network, string> = { simulator: 'Simulator', telegram: 'Telegram' };
export const NETWORK_COLORS: Record<Network, string> = { simulator: 'grape', telegram: 'blue' };

export type ChatIdentity = { title: string; kind: ChatKind };

/**
 * What a chat is called and whether it is a group: the Simulator's details once loaded, else the
 * chat list's summary (all a Telegram chat has), else null while neither is known.
 */
export function chatIdentity(
  detail: { chat: ChatIdentity } | null,
  summary: Pick<ConversationSummary, 'title' | 'kind'> | undefined,
): ChatIdentity | null {
  if (detail) return { title: detail.chat.title, kind: detail.chat.kind };
  return summary ? { title: summary.title, kind: summary.kind } : null;
}

const MEDIA_LABELS: Record<string, string> = {
  sticker: 'Sticker',
  photo: 'Photo',
  gif: 'GIF',
  animation: 'Animation',
  video: 'Video',
  audio: 'Audio',
  document: 'File',
};

export function mediaLabel(kind: string): string {
  return MEDIA_LABELS[kind] ?? 'Media';
}

/** The words of Telegram-style markdown without its markers, for one-line previews. */
export function stripMarkdown(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S[^*_]*?)[*_](?=\s|$|[.,!?;:])/g, '$1$2');
}

function partPreview(part: MessagePart, markdown: boolean): string {
  switch (part.kind) {
    case 'text':
      return markdown ? stripMarkdown(part.text) : part.text;
    case 'media':
      return part.mediaKind === 'sticker' && part.stickerName
        ? `${part.stickerName} Sticker`
        : mediaLabel(part.mediaKind);
    case 'service':
      return part.text;
    case 'unknown':
      return `[${part.partKind}]`;
    default:
      return part satisfies never;
  }
}

/** One line that stands for a message: its text, or what its media is. */
export function messagePreview(message: ChatMsg, maxLength = 120): string {
  const text = message.parts
    .map((part) => partPreview(part, message.isAgent))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return 'Empty message';
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** A message made only of service events ("history cleared"): drawn as a centred line. */
export function isServiceMessage(message: ChatMsg): boolean {
  return message.parts.length > 0 && message.parts.every((part) => part.kind === 'service');
}

export type ReactionGroup = { emoji: string; count: number; names: string[]; userIds: number[] };

/** Reactions grouped by emoji, in the order each emoji first appears. */
export function groupReactions(reactions: readonly Reaction[]): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const reaction of reactions) {
    const group = groups.get(reaction.emoji);
    if (group) {
      group.count += 1;
      group.names.push(reaction.userName);
      group.userIds.push(reaction.userId);
    } else {
      groups.set(reaction.emoji, {
        emoji: reaction.emoji,
        count: 1,
        names: [reaction.userName],
        userIds: [reaction.userId],
      });
    }
  }
  return [...groups.values()];
}

/** The emoji a person has on a message, if any (a person has one reaction per message). */
export function reactionOf(message: ChatMsg, personId: number): string | null {
  return message.reactions.find((reaction) => reaction.userId === personId)?.emoji ?? null;
}

/** Reactions an operator reaches for most; the agent may use any of Telegram's. */
export const COMMON_REACTIONS = [
  '👍',
  '❤',
  '🔥',
  '😁',
  '😢',
  '🤔',
  '🙏',
  '👏',
  '🎉',
  '😱',
  '👎',
  '🤣',
] as const;

/**
 * The people's messages the agent has not read: the runtime counts them (`unreadCount`), and they
 * are always the newest ones.
 */
export function unreadPeopleMessageIds(window: MessageWindow, unreadCount: number): Set<number> {
  const unread = new Set<number>();
  if (unreadCount <= 0) return unread;
  for (let index = window.ids.length - 1; index >= 0 && unread.size < unreadCount; index -= 1) {
    const id = window.ids[index]!;
    const message = window.byId[id];
    if (message && !message.isAgent && !isServiceMessage(message)) unread.add(id);
  }
  return unread;
}

/** Whether two messages sit in the same run (same sender, a few minutes apart): one name, tight spacing. */
export function continuesRun(previous: ChatMsg | undefined, message: ChatMsg, gapMs = 5 * 60_000): boolean {
  if (!previous || isServiceMessage(previous) || isServiceMessage(message)) return false;
  if (previous.isAgent !== message.isAgent || previous.senderId !== message.senderId) return false;
  return Date.parse(message.sentAt) - Date.parse(previous.sentAt) < gapMs;
}

/** A day label between messages of different days: "Today", "Yesterday" or a date. */
export function dayLabel(iso: string, now: Date, locale?: string): string {
  const date = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

export function sameDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

export function clockTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

const SENDER_COLORS = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'violet', 'red', 'blue'];

/** A stable colour per sender, so people in a group are told apart at a glance. */
export function senderColor(senderId: number | null): string {
  if (senderId === null) return 'gray';
  return SENDER_COLORS[Math.abs(senderId) % SENDER_COLORS.length]!;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

// ---- typing signal -------------------------------------------------------------------------

/** How often the composer tells the Simulator that the person is typing. */
export const TYPING_SIGNAL_INTERVAL_MS = 4_000;

/** Whether a keystroke should send another "typing…" signal, given when the last one went out. */
export function shouldSignalTyping(
  lastSignalAt: number | null,
  now: number,
  intervalMs = TYPING_SIGNAL_INTERVAL_MS,
): boolean {
  return lastSignalAt === null || now - lastSignalAt >= intervalMs;
}

// ---- task graph ----------------------------------------------------------------------------

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

/** "0:07", "2:05", "1:02:03": a countdown, rounded up to whole seconds. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** "1.5 s", "2 min 5 s", "1 h 2 min": a duration in seconds for a wait's delay. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes < 60) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 > 0 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
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

// ---- LLM exchange --------------------------------------------------------------------------

/** "$0.0042", "$1.20", or "no price" when the model is not in the price catalogue. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'no price';
  if (costUsd === 0) return '$0';
  if (costUsd < 0.01) return `$${costUsd.toPrecision(2)}`;
  return `$${costUsd.toFixed(2)}`;
}

export function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en').format(value);
}
