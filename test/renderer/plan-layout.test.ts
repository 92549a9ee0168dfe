import Elk from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import {
  layoutPlan as layoutInWorker,
  TASK_NODE_SIZE,
} from '../../src/renderer/features/conversations/model/plan-layout';

/** The console lays out in a Web Worker; Node has none, so the same elkjs runs in this thread. */
const inThread = new Elk();
const layoutPlan = (nodes: Parameters<typeof layoutInWorker>[0]) => layoutInWorker(nodes, inThread);

/**
 * A long conversation's plan of 200 tasks: 20 turns, each a received task with a typing wait, a
 * send, a pause, a second send or sticker and a reaction beside them; each turn after the one
 * before (as preserved tasks make it).
 */
function longPlan(turns = 20) {
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
      { id: id('sticker'), dependsOn: [id('send-a'), id('react')] },
      { id: id('online'), dependsOn: [] },
      { id: id('note'), dependsOn: [id('received')] },
    ];
  }).flat();
}

/** A wide plan of 200 tasks: every task fans out to three, with some joins. The hard case. */
function widePlan(count = 200) {
  return Array.from({ length: count }, (_, index) => ({
    id: `task-${index}`,
    dependsOn:
      index === 0
        ? []
        : [
            `task-${Math.floor((index - 1) / 3)}`,
            ...(index % 7 === 0 && index > 10 ? [`task-${index - 5}`] : []),
          ],
  }));
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  const { width, height } = TASK_NODE_SIZE;
  return a.x < b.x + width && b.x < a.x + width && a.y < b.y + height && b.y < a.y + height;
}

describe('plan layout', () => {
  it('places every task of a small plan left to right in the order they run', async () => {
    const layout = await layoutPlan([
      { id: 'received', dependsOn: [] },
      { id: 'wait', dependsOn: ['received'] },
      { id: 'send', dependsOn: ['wait', 'missing'] },
    ]);
    const x = (id: string) => layout.positions.get(id)!.x;
    expect(x('received')).toBeLessThan(x('wait'));
    expect(x('wait')).toBeLessThan(x('send'));
  });

  it.each([
    ['a long conversation', longPlan()],
    ['a wide fan-out', widePlan()],
  ])(
    'lays out 200 tasks of %s with a position for each, after what it waits on, and no two cards overlapping',
    async (shape, nodes) => {
      expect(nodes).toHaveLength(200);
      await layoutPlan(longPlan(2)); // warms the layout code up, as the console's first small plan does
      const times: number[] = [];
      let positions = new Map<string, { x: number; y: number }>();
      for (let run = 0; run < 9; run += 1) {
        const started = performance.now();
        ({ positions } = await layoutPlan(nodes));
        times.push(performance.now() - started);
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.info(
        `plan layout, 200 tasks of ${shape}: median ${sorted[4]!.toFixed(0)} ms, first ${times[0]!.toFixed(0)} ms, fastest ${sorted[0]!.toFixed(0)} ms`,
      );

      expect([...positions.keys()].sort()).toEqual(nodes.map((node) => node.id).sort());
      for (const node of nodes) {
        for (const dep of node.dependsOn)
          expect(positions.get(dep)!.x).toBeLessThan(positions.get(node.id)!.x);
      }
      const placed = [...positions.values()];
      for (const [index, a] of placed.entries()) {
        for (const b of placed.slice(index + 1)) expect(overlaps(a, b)).toBe(false);
      }
    },
  );
});
