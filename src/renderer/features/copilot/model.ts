import type { TaskGraphView, TaskNodeView } from '../../../shared/domain/tasks';

/** A message (or reaction) the agent planned that waits for the operator's approval. */
export type Draft = {
  taskId: string;
  kind: 'send' | 'sticker' | 'send_media' | 'react';
  /** What it says: the text, the sticker's name, the reaction's emoji, the file's id. */
  content: string;
  /** The message it answers (a reply) or reacts to; null when neither. */
  messageId: number | null;
  /** Only a text can be edited before it goes. */
  editable: boolean;
};

const DRAFT_KINDS = new Set<string>(['send', 'sticker', 'send_media', 'react']);

function contentOf(node: TaskNodeView): string {
  const { params } = node;
  switch (node.kind) {
    case 'send':
      return String(params.text ?? '');
    case 'sticker':
      return String(params.name ?? '');
    case 'react':
      return String(params.emoji ?? '');
    default:
      return String(params.unique_id ?? '');
  }
}

function messageIdOf(node: TaskNodeView): number | null {
  const target = node.kind === 'react' ? node.params.message_id : node.params.reply_to;
  return typeof target === 'number' ? target : null;
}

/** The drafts waiting in a plan, in the order the agent planned them. */
export function draftsOf(graph: TaskGraphView | null): Draft[] {
  if (!graph) return [];
  return graph.nodes
    .filter(
      (node) => node.status === 'pending' && node.params.draft === 'awaiting' && DRAFT_KINDS.has(node.kind),
    )
    .map((node) => ({
      taskId: node.id,
      kind: node.kind as Draft['kind'],
      content: contentOf(node),
      messageId: messageIdOf(node),
      editable: node.kind === 'send',
    }));
}

const KIND_LABELS: Record<Draft['kind'], string> = {
  send: 'Message',
  sticker: 'Sticker',
  send_media: 'Photo or file',
  react: 'Reaction',
};

/** How the draft is named on its card and to screen readers. */
export function draftLabel(draft: Draft): string {
  const label = KIND_LABELS[draft.kind];
  if (draft.kind === 'react' && draft.messageId !== null) return `${label} on message ${draft.messageId}`;
  if (draft.messageId !== null) return `${label}, replying to message ${draft.messageId}`;
  return label;
}

/** US dollars as the console shows spend: cents, or finer under a cent. */
export function formatUsd(amount: number): string {
  if (amount > 0 && amount < 0.01) return `$${amount.toFixed(4)}`;
  return `$${amount.toFixed(2)}`;
}
