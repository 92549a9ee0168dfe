import { expect } from 'vitest';
import {
  type LayoutInput,
  type PlanLayout,
  TASK_NODE_SIZE,
} from '../../../src/renderer/features/conversations/model/plan-layout';

/** Plans of 200 tasks shaped like the engine's, and what every layout of a plan must hold. */

/**
 * A long conversation's plan: 20 turns, each a received task with a typing wait, a send, a pause,
 * a second send, a reaction, a sticker after the first send and a note beside them, each turn after
 * the one before (as preserved tasks make it), and a presence-window wait on its own. With
 * `joins` the sticker also waits on the reaction: a task waiting on two others, which only elkjs
 * lays out.
 */
export function longPlan({ turns = 20, joins = true } = {}) {
  return Array.from({ length: turns }, (_, turn) => {
    const id = (name: string) => `${name}-${turn}`;
    const after = turn === 0 ? [] : [`send-b-${turn - 1}`];
    return [
      { id: id('received'), dependsOn: after },
      { id: id('typing'), dependsOn: [id('received')] },
      { id: id('send-a'), dependsOn: [id('typing')] },
      { id: id('pause'), dependsOn: [id('send-a')] },
      { id: id('typing-b'), dependsOn: [id('pause')] },
      { id: id('send-b'), dependsOn: [id('typing-b')] },
      { id: id('react'), dependsOn: [id('received')] },
      { id: id('sticker'), dependsOn: joins ? [id('send-a'), id('react')] : [id('send-a')] },
      { id: id('online'), dependsOn: [] },
      { id: id('note'), dependsOn: [id('received')] },
    ];
  }).flat();
}

/** A wide plan: every task fans out to three; with `joins`, every seventh also waits on another. */
export function widePlan({ count = 200, joins = true } = {}) {
  return Array.from({ length: count }, (_, index) => ({
    id: `task-${index}`,
    dependsOn:
      index === 0
        ? []
        : [
            `task-${Math.floor((index - 1) / 3)}`,
            ...(joins && index % 7 === 0 && index > 10 ? [`task-${index - 5}`] : []),
          ],
  }));
}

/**
 * Lays a plan out nine times and logs how long that took (the median, the first and the fastest),
 * for the record only: timings assert nothing. Returns the last layout.
 */
export async function timedLayouts(
  label: string,
  layout: () => PlanLayout | Promise<PlanLayout>,
): Promise<PlanLayout> {
  const times: number[] = [];
  let laid: PlanLayout | undefined;
  for (let run = 0; run < 9; run += 1) {
    const started = performance.now();
    laid = await layout();
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (time: number) => `${time < 10 ? time.toFixed(2) : time.toFixed(0)} ms`;
  console.info(
    `plan layout, ${label}: median ${ms(sorted[4]!)}, first ${ms(times[0]!)}, fastest ${ms(sorted[0]!)}`,
  );
  return laid!;
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  const { width, height } = TASK_NODE_SIZE;
  return a.x < b.x + width && b.x < a.x + width && a.y < b.y + height && b.y < a.y + height;
}

/**
 * Every task has a place, wholly right of each task it waits on (dependencies on tasks not in the
 * plan aside), no two cards overlap, and the plan's size holds every card.
 */
export function expectLaidOut(nodes: LayoutInput, { positions, width, height }: PlanLayout): void {
  expect([...positions.keys()].sort()).toEqual(nodes.map((node) => node.id).sort());
  for (const node of nodes) {
    const at = positions.get(node.id)!;
    for (const dep of node.dependsOn.filter((id) => positions.has(id) && id !== node.id))
      expect(positions.get(dep)!.x + TASK_NODE_SIZE.width, `${node.id} after ${dep}`).toBeLessThan(at.x);
    expect(at.x + TASK_NODE_SIZE.width).toBeLessThanOrEqual(width);
    expect(at.y + TASK_NODE_SIZE.height).toBeLessThanOrEqual(height);
  }
  const placed = [...positions.values()];
  for (const [index, a] of placed.entries()) {
    for (const b of placed.slice(index + 1)) expect(overlaps(a, b)).toBe(false);
  }
}
