/**
 * Where a conversation's task-log rows go between its messages: each row after the last message
 * sent at or before it, rows older than the first message ahead of it. Both lists oldest first;
 * times are ISO-8601.
 */
export interface InterleavedRows<R> {
  /** Rows before the first message (the lead-in: what happened just before it). */
  leading: R[];
  /** `after[i]`: the rows between message `i` and the next. */
  after: R[][];
}

/** How far before the first message shown its task-log rows are shown too. */
export const TASK_LOG_LEAD_IN_MS = 2 * 60_000;

export function interleaveTaskRows<R extends { at: string }>(
  messageTimes: readonly string[],
  rows: readonly R[],
): InterleavedRows<R> {
  const times = messageTimes.map((time) => Date.parse(time));
  const result: InterleavedRows<R> = { leading: [], after: times.map(() => []) };
  let index = -1;
  for (const row of rows) {
    const at = Date.parse(row.at);
    while (index + 1 < times.length && times[index + 1]! <= at) index++;
    if (index < 0) result.leading.push(row);
    else result.after[index]!.push(row);
  }
  return result;
}
