import type { ConversationKey } from '../../../shared/domain/conversation-key';
import type { MemorySummary, SummaryOrigin } from '../../../shared/domain/memory';
import type { SummaryRepository } from '../../store';
import { randomHex8 } from '../../tasks/task-id';
import { normalizeCreated } from '../entries/created-time';

/** Longer summaries are cut here: a summary stands in for messages, it must stay shorter than them. */
export const MAX_SUMMARY_CHARS = 4000;

/** A `summarize` task's fields, as the task kind checked them. */
export interface SummarizeTaskInput {
  id: string;
  content?: string | undefined;
  min_message_id?: number | undefined;
  max_message_id?: number | undefined;
  first_message_date?: string | undefined;
  last_message_date?: string | undefined;
  created?: string | undefined;
}

/** A message a summary may cover: its id and when it was sent (ISO). */
export interface CoverableMessage {
  messageId: number;
  sentAt: string;
}

export interface SummaryWriteContext {
  conversation: ConversationKey;
  timeZone: string;
  now: Date;
  origin: SummaryOrigin;
  /**
   * The messages the writer was shown, oldest first. A new summary's range is kept inside them:
   * a model that names a message it never saw must not hide unsummarized messages from the
   * prompt (the history starts after the highest summarized id). Dates it leaves out come from them.
   */
  shown: readonly CoverableMessage[];
  /**
   * A summarization pass asks for new summaries: an id that names none, or one that covers
   * other messages, gets a fresh id instead of overwriting it (models reuse their examples' ids).
   */
  freshIds: boolean;
}

export type SummaryOutcome =
  | { outcome: 'created' | 'updated' | 'deleted' | 'absent'; id: string; truncated?: true }
  | { outcome: 'refused'; id: string; reason: string };

function utcDate(iso: string): string {
  return iso.slice(0, 10);
}

function overlaps(summary: MemorySummary, min: number, max: number): boolean {
  return min <= summary.maxMessageId && max >= summary.minMessageId;
}

function datesOf(shown: readonly CoverableMessage[], min: number, max: number) {
  const covered = shown.filter((message) => message.messageId >= min && message.messageId <= max);
  return {
    first: covered[0] ? utcDate(covered[0].sentAt) : null,
    last: covered.at(-1) ? utcDate(covered.at(-1)!.sentAt) : null,
  };
}

function clippedContent(content: string): { text: string; truncated: boolean } {
  if (content.length <= MAX_SUMMARY_CHARS) return { text: content, truncated: false };
  return { text: `${content.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…`, truncated: true };
}

/**
 * Applies one `summarize` task with property-entry semantics: empty content deletes the summary,
 * an existing id is revised (a range or date left out is kept), anything else is a new summary,
 * which needs its range. Call inside the transaction that records the reply.
 */
export function applySummarizeTask(
  repository: SummaryRepository,
  task: SummarizeTaskInput,
  context: SummaryWriteContext,
): SummaryOutcome {
  const { conversation } = context;
  const content = task.content?.trim() ?? '';
  if (content === '') {
    return { outcome: repository.delete(conversation, task.id) ? 'deleted' : 'absent', id: task.id };
  }
  const { text, truncated } = clippedContent(content);
  const existing = repository.get(conversation, task.id);
  const askedMin = task.min_message_id ?? existing?.minMessageId;
  const askedMax = task.max_message_id ?? existing?.maxMessageId;
  if (askedMin === undefined || askedMax === undefined) {
    return {
      outcome: 'refused',
      id: task.id,
      reason: 'a new summary needs min_message_id and max_message_id',
    };
  }
  if (askedMin > askedMax) {
    return { outcome: 'refused', id: task.id, reason: 'min_message_id is above max_message_id' };
  }
  const revises = existing !== null && (!context.freshIds || overlaps(existing, askedMin, askedMax));
  let min = askedMin;
  let max = askedMax;
  const rangeChanged = !revises || task.min_message_id !== undefined || task.max_message_id !== undefined;
  if (rangeChanged && context.shown.length > 0) {
    min = Math.max(min, context.shown[0]!.messageId);
    max = Math.min(max, context.shown.at(-1)!.messageId);
    if (min > max) {
      return { outcome: 'refused', id: task.id, reason: 'the range covers none of the messages shown' };
    }
  }
  const derived = datesOf(context.shown, min, max);
  const keep = revises && !rangeChanged ? existing : null;
  const summary: MemorySummary = {
    id: revises ? task.id : context.freshIds || existing ? `summary-${randomHex8()}` : task.id,
    content: text,
    minMessageId: min,
    maxMessageId: max,
    firstMessageDate:
      task.first_message_date ??
      keep?.firstMessageDate ??
      derived.first ??
      existing?.firstMessageDate ??
      null,
    lastMessageDate:
      task.last_message_date ?? keep?.lastMessageDate ?? derived.last ?? existing?.lastMessageDate ?? null,
    created:
      task.created === undefined && revises && existing
        ? existing.created
        : normalizeCreated(task.created, context.timeZone, context.now),
    origin: revises && existing ? existing.origin : context.origin,
  };
  const outcome = repository.put(conversation, summary, context.now);
  return { outcome, id: summary.id, ...(truncated ? { truncated: true as const } : {}) };
}
