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
  | { kind: 'typing'; key: 'typing' };

/** Rough heights (px) for rows not drawn yet; drawn rows are measured. */
export const ROW_HEIGHT_ESTIMATES: Record<TimelineRow['kind'], number> = {
  edge: 44,
  empty: 160,
  day: 40,
  service: 32,
  message: 72,
  pending: 72,
  typing: 48,
};

/**
 * The timeline as rows, top to bottom: where the history starts (or more can load), day dividers,
 * messages (each knowing whether it continues its sender's run), messages still on their way,
 * and the agent typing.
 */
export function timelineRows(
  window: MessageWindow,
  pending: readonly PendingSend[],
  typing: boolean,
): TimelineRow[] {
  const rows: TimelineRow[] = [{ kind: 'edge', key: 'edge' }];
  if (window.ids.length === 0 && pending.length === 0) rows.push({ kind: 'empty', key: 'empty' });
  let previous: MessageWindow['byId'][number] | undefined;
  for (const id of window.ids) {
    const message = window.byId[id]!;
    const newDay = !previous || !sameDay(previous.sentAt, message.sentAt);
    if (newDay) rows.push({ kind: 'day', key: `day-${id}`, sentAt: message.sentAt });
    if (isServiceMessage(message)) rows.push({ kind: 'service', key: `m-${id}`, id });
    else
      rows.push({
        kind: 'message',
        key: `m-${id}`,
        id,
        continues: !newDay && continuesRun(previous, message),
      });
    previous = message;
  }
  for (const item of pending) rows.push({ kind: 'pending', key: item.tempId, pending: item });
  if (typing) rows.push({ kind: 'typing', key: 'typing' });
  return rows;
}
