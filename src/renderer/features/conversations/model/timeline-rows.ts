import type { TaskLogRowView } from '../../../../shared/api/conversation-tools-contract';
import type { MemorySummary } from '../../../../shared/domain/memory';
import { interleaveTaskRows } from '../../../../shared/domain/task-log-interleave';
import { sameDay } from './formatting';
import type { PendingSend } from './pending-send';
import { continuesRun, isServiceMessage, type MessageWindow } from './timeline-window';

/** One row of the drawn timeline; `key` stays the same while the row exists, across pages. */
export type TimelineRow =
  | { kind: 'edge'; key: 'edge' }
  | { kind: 'empty'; key: 'empty' }
  | { kind: 'day'; key: string; sentAt: string }
  | { kind: 'service'; key: string; id: number }
  | { kind: 'message'; key: string; id: number; continues: boolean }
  | { kind: 'pending'; key: string; pending: PendingSend }
  /** A summary of the chat, after the last of the messages it covers that is loaded. */
  | { kind: 'summary'; key: string; summary: MemorySummary }
  /** A row of the chat's task log (when shown), at its time between the messages. */
  | { kind: 'task'; key: string; row: TaskLogRowView }
  | { kind: 'typing'; key: 'typing' };

/** Rough heights (px) for rows not drawn yet; drawn rows are measured. */
export const ROW_HEIGHT_ESTIMATES: Record<TimelineRow['kind'], number> = {
  edge: 44,
  empty: 160,
  day: 40,
  service: 32,
  message: 72,
  pending: 72,
  summary: 120,
  task: 20,
  typing: 48,
};

const NO_SUMMARIES: readonly MemorySummary[] = [];
const NO_TASK_ROWS: readonly TaskLogRowView[] = [];

/**
 * Where each summary goes: after the newest loaded message it may stand for (the last of its
 * range, or the one before it when that is gone). Summaries of messages older than those loaded
 * wait for their page. By message id; ids ascending.
 */
function summaryAnchors(
  ids: readonly number[],
  summaries: readonly MemorySummary[],
): Map<number, MemorySummary[]> {
  const anchors = new Map<number, MemorySummary[]>();
  for (const summary of summaries) {
    // The last index whose id is at most the summary's last message.
    let low = 0;
    let high = ids.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ids[middle]! <= summary.maxMessageId) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) continue;
    const anchor = ids[found]!;
    anchors.set(anchor, [...(anchors.get(anchor) ?? []), summary]);
  }
  return anchors;
}

/**
 * The timeline as rows, top to bottom: where the history starts (or more can load), day dividers,
 * messages (each knowing whether it continues its sender's run) with the summaries of the stretch
 * they end and the task-log rows logged until the next message, messages still on their way, and
 * the agent typing.
 */
export function timelineRows(
  window: MessageWindow,
  pending: readonly PendingSend[],
  typing: boolean,
  summaries: readonly MemorySummary[] = NO_SUMMARIES,
  taskLog: readonly TaskLogRowView[] = NO_TASK_ROWS,
): TimelineRow[] {
  const anchors = summaryAnchors(window.ids, summaries);
  const tasks = interleaveTaskRows(
    window.ids.map((id) => window.byId[id]!.sentAt),
    taskLog,
  );
  const taskRow = (row: TaskLogRowView): TimelineRow => ({ kind: 'task', key: `t-${row.id}`, row });
  const rows: TimelineRow[] = [{ kind: 'edge', key: 'edge' }, ...tasks.leading.map(taskRow)];
  if (window.ids.length === 0 && pending.length === 0) rows.push({ kind: 'empty', key: 'empty' });
  let previous: MessageWindow['byId'][number] | undefined;
  let afterInsert = false;
  for (const [index, id] of window.ids.entries()) {
    const message = window.byId[id]!;
    const newDay = !previous || !sameDay(previous.sentAt, message.sentAt);
    if (newDay) rows.push({ kind: 'day', key: `day-${id}`, sentAt: message.sentAt });
    if (isServiceMessage(message)) rows.push({ kind: 'service', key: `m-${id}`, id });
    else
      rows.push({
        kind: 'message',
        key: `m-${id}`,
        id,
        // The message after a summary or task-log rows starts a new run.
        continues: !newDay && !afterInsert && continuesRun(previous, message),
      });
    const ending = anchors.get(id) ?? [];
    for (const summary of ending) rows.push({ kind: 'summary', key: `s-${summary.id}`, summary });
    const logged = tasks.after[index] ?? [];
    rows.push(...logged.map(taskRow));
    afterInsert = ending.length > 0 || logged.length > 0;
    previous = message;
  }
  for (const item of pending) rows.push({ kind: 'pending', key: item.tempId, pending: item });
  if (typing) rows.push({ kind: 'typing', key: 'typing' });
  return rows;
}
