import { isPresenceWindow, type TaskGraphView, type TaskNodeView } from '../../../../shared/domain/tasks';
import { formatSeconds } from './formatting';
import { taskKindLabel } from './graph-view';

/**
 * The plan as the graph view reads it: what each task will do, which tasks wait on one, what the
 * operator may do to it, and the plans a replan replaced.
 */

/** How many replaced plans stay drawn behind the live one. */
export const REPLACED_PLANS_KEPT = 3;

/** What a task will do, by kind, in a few words. */
export type TaskIntent =
  | { kind: 'text'; text: string }
  | { kind: 'sticker'; set: string; name: string }
  | { kind: 'emoji'; emoji: string; messageId: number | null }
  | { kind: 'wait'; delaySeconds: number | null; flags: string[] }
  | { kind: 'trigger'; words: string }
  | { kind: 'other'; words: string | null };

/** The engine's wait flags, as the operator reads them. */
const WAIT_FLAGS = [
  ['typing', 'typing'],
  ['online', 'online window'],
  ['floodWait', 'flood wait'],
] as const;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Why a received task runs: the message, the reactions, the other chat's request or the reminders behind it. */
function triggerWords(params: Record<string, unknown>): string {
  const intent = str(params.xsendIntent);
  if (intent) return `Asked from another chat: ${intent}`;
  const reminders = Array.isArray(params.eventIntents) ? params.eventIntents.filter((text) => str(text)) : [];
  if (reminders.length > 0) return `Reminder: ${reminders.join(' · ')}`;
  const messageId = num(params.messageId);
  const reactions = Array.isArray(params.reactionMessageIds) ? params.reactionMessageIds : [];
  const parts = [
    messageId !== null ? `Message #${messageId}` : null,
    reactions.length > 0 ? `reactions to ${reactions.map((id) => `#${id}`).join(', ')}` : null,
  ].filter((part) => part !== null);
  const words = parts.length > 0 ? parts.join(', ') : 'New activity';
  return params.callout === true ? `${words} (mentioned)` : words;
}

export function taskIntent(node: TaskNodeView): TaskIntent {
  const { params } = node;
  switch (node.kind) {
    case 'send':
    case 'xsend':
      return { kind: 'text', text: str(params.text) ?? str(params.intent) ?? '' };
    case 'sticker':
      return { kind: 'sticker', set: str(params.sticker_set) ?? '?', name: str(params.name) ?? '?' };
    case 'react':
      return { kind: 'emoji', emoji: str(params.emoji) ?? '?', messageId: num(params.message_id) };
    case 'wait':
      return {
        kind: 'wait',
        delaySeconds: num(params.delay),
        flags: WAIT_FLAGS.filter(([key]) => params[key] === true).map(([, label]) => label),
      };
    case 'received':
      return { kind: 'trigger', words: triggerWords(params) };
    case 'send_media':
      return { kind: 'other', words: str(params.unique_id) && `File ${params.unique_id}` };
    default:
      return { kind: 'other', words: null };
  }
}

/** What a task will do in a few words, null when its kind says it all. */
function intentInWords(node: TaskNodeView, max: number): string | null {
  const intent = taskIntent(node);
  switch (intent.kind) {
    case 'text':
      return `“${intent.text.length > max ? `${intent.text.slice(0, max - 1)}…` : intent.text}”`;
    case 'sticker':
      return `${intent.name} from ${intent.set}`;
    case 'emoji':
      return intent.emoji;
    case 'wait':
      return intent.delaySeconds === null ? null : formatSeconds(intent.delaySeconds);
    case 'trigger':
      return intent.words;
    case 'other':
      return intent.words;
  }
}

/** A task in a few words, for lists: "send “See you”", "wait 12 s", "react 👍". */
export function taskInWords(node: TaskNodeView, max = 48): string {
  const words = intentInWords(node, max);
  return words ? `${node.kind} ${words}` : node.kind;
}

/**
 * A task as its card names it, for what the operator reads and hears of it (its buttons, what
 * stopping it stops): "Message “See you”", "Wait 12 s", "Incoming Message #8".
 */
export function taskTitle(node: TaskNodeView, max = 48): string {
  const words = intentInWords(node, max);
  const kind = taskKindLabel(node.kind);
  return words ? `${kind} ${words}` : kind;
}

/** The tasks that wait on `taskId`, directly or through others, in the graph's order. */
export function dependentsOf(graph: TaskGraphView, taskId: string): TaskNodeView[] {
  const found = new Set<string>([taskId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of graph.nodes) {
      if (!found.has(node.id) && node.dependsOn.some((id) => found.has(id))) {
        found.add(node.id);
        grew = true;
      }
    }
  }
  return graph.nodes.filter((node) => node.id !== taskId && found.has(node.id));
}

/** Kinds that send something: once one is being sent it can no longer be called back. */
const SENDING_KINDS = ['send', 'sticker', 'send_media'];

/**
 * What the operator may do to a task: stop it before it has run (a turn being thought or a wait
 * running can still be stopped, a message being sent cannot), or run a failed one again.
 */
export function taskActions(node: TaskNodeView): { cancel: boolean; retry: boolean } {
  const cancel =
    node.status === 'pending' || (node.status === 'active' && !SENDING_KINDS.includes(node.kind));
  return { cancel, retry: node.status === 'failed' };
}

/** The plan's tasks that are work, for its counts and "Clear pending": its presence window left out. */
export function workTasks(nodes: readonly TaskNodeView[]): TaskNodeView[] {
  return nodes.filter((node) => !isPresenceWindow(node));
}

/**
 * The replaced plans after `next` arrives: the plan on screen goes to the front when a replan
 * gives a new graph id; the oldest beyond `REPLACED_PLANS_KEPT` drop out. A plan that finished
 * (null) replaced nothing.
 */
export function rememberReplaced(
  history: readonly TaskGraphView[],
  previous: TaskGraphView | null,
  next: TaskGraphView | null,
): readonly TaskGraphView[] {
  if (!previous || !next || previous.id === next.id) return history;
  return [previous, ...history.filter((graph) => graph.id !== previous.id)].slice(0, REPLACED_PLANS_KEPT);
}
