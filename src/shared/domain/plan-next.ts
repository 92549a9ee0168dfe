import { z } from 'zod';
import type { TaskGraphView, TaskNodeView } from './tasks';

/**
 * What a plan runs next and when, read from its graph alone, so the runtime's overview and the
 * console's live copy (moved on by graph events) agree. Waits never "run": they only delay what
 * depends on them, so the next task is the first sending, reacting or thinking task to come.
 */

export const NextTaskSchema = z.object({
  taskId: z.string(),
  kind: z.string(),
  /**
   * `running`: being done now; `now`: ready, it runs as soon as a slot is free; `at`: after waits
   * that end at `at`; `after`: once `afterTaskId` (running, or not run yet) has finished;
   * `approval`: a draft that is due and waits for the operator to approve it.
   */
  when: z.enum(['running', 'now', 'at', 'after', 'approval']),
  at: z.string().nullable(),
  afterTaskId: z.string().nullable(),
});
export type NextTask = z.infer<typeof NextTaskSchema>;

/** When a task can start or be over: ready at a time (ms), once another task ends, or never. */
type Moment = { at: number } | { after: string } | null;

const isWaitNode = (node: TaskNodeView) => node.kind === 'wait';

/** The latest of the moments; a task whose end is unknown wins over any time, never over all. */
function latest(moments: Moment[], now: number): Moment {
  let at = now;
  for (const moment of moments) {
    if (moment === null) return null;
    if ('after' in moment) return moment;
    at = Math.max(at, moment.at);
  }
  return { at };
}

function delayMs(node: TaskNodeView): number {
  const delay = node.params.delay;
  return typeof delay === 'number' && delay > 0 ? delay * 1000 : 0;
}

/** The plan's next task to run and when; null when nothing will run (all finished or doomed). */
export function nextTask(graph: TaskGraphView, now: number): NextTask | null {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const ends = new Map<string, Moment>();
  const starts = new Map<string, Moment>();

  // A dependency the graph no longer has counts as done, as the engine reads it.
  const startOf = (node: TaskNodeView, seen: Set<string>): Moment => {
    const known = starts.get(node.id);
    if (known !== undefined) return known;
    const moment = latest(
      node.dependsOn.map((id) => {
        const dependency = byId.get(id);
        return dependency ? endOf(dependency, seen) : { at: now };
      }),
      now,
    );
    starts.set(node.id, moment);
    return moment;
  };
  const endOf = (node: TaskNodeView, seen: Set<string>): Moment => {
    const known = ends.get(node.id);
    if (known !== undefined) return known;
    // A cycle never runs.
    if (seen.has(node.id)) return null;
    seen.add(node.id);
    const moment = ((): Moment => {
      if (node.status === 'done') return { at: now };
      if (node.status === 'failed' || node.status === 'cancelled') return null;
      if (node.status === 'active' || !isWaitNode(node)) return { after: node.id };
      const start = startOf(node, seen);
      if (start === null || 'after' in start) return start;
      const until = node.waitUntil === null ? Number.NaN : Date.parse(node.waitUntil);
      return { at: Number.isNaN(until) ? start.at + delayMs(node) : Math.max(start.at, until) };
    })();
    seen.delete(node.id);
    ends.set(node.id, moment);
    return moment;
  };

  let best: { rank: number; at: number; next: NextTask } | null = null;
  for (const node of graph.nodes) {
    if (isWaitNode(node)) continue;
    const base = { taskId: node.id, kind: node.kind, at: null, afterTaskId: null };
    let candidate: { rank: number; at: number; next: NextTask } | null = null;
    if (node.status === 'active') candidate = { rank: 0, at: now, next: { ...base, when: 'running' } };
    else if (node.status === 'pending') {
      const start = startOf(node, new Set());
      if (start === null) continue;
      if ('after' in start)
        candidate = { rank: 3, at: 0, next: { ...base, when: 'after', afterTaskId: start.after } };
      else if (start.at <= now)
        candidate = {
          rank: 1,
          at: now,
          next: { ...base, when: node.params.draft === 'awaiting' ? 'approval' : 'now' },
        };
      else
        candidate = {
          rank: 2,
          at: start.at,
          next: { ...base, when: 'at', at: new Date(start.at).toISOString() },
        };
    }
    if (
      candidate &&
      (!best || candidate.rank < best.rank || (candidate.rank === best.rank && candidate.at < best.at))
    )
      best = candidate;
  }
  return best?.next ?? null;
}

/** When the next task runs, in ms, for ordering plans: running first, then sooner, unknown last. */
function nextTaskOrder(next: NextTask | null, now: number): number {
  if (!next) return Number.POSITIVE_INFINITY;
  switch (next.when) {
    case 'running':
      return Number.NEGATIVE_INFINITY;
    case 'now':
    case 'approval':
      return now;
    case 'at':
      return Date.parse(next.at ?? '') || now;
    case 'after':
      return Number.MAX_VALUE;
  }
}

/** Plans in the order they will act: what runs next first, paused ones and those that will run nothing last. */
export function byNextRun<T extends { next: NextTask | null; paused: boolean }>(
  plans: readonly T[],
  now: number,
): T[] {
  const order = (plan: T) => nextTaskOrder(plan.next, now);
  return [...plans].sort((a, b) => {
    if (a.paused !== b.paused) return a.paused ? 1 : -1;
    const [x, y] = [order(a), order(b)];
    return x === y ? 0 : x < y ? -1 : 1;
  });
}
