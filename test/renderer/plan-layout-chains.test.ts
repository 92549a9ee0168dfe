import Elk from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import {
  type LayoutInput,
  layoutPlan,
  type PlanLayout,
} from '../../src/renderer/features/conversations/model/plan-layout';
import { layoutChains } from '../../src/renderer/features/conversations/model/plan-layout-chains';
import { expectLaidOut, longPlan, timedLayouts, widePlan } from './support/plan-shapes';

const elk = new Elk();

/** A chain of tasks, each waiting on the one before; the first on `first`. */
const chain = (ids: string[], first: string[] = []) =>
  ids.map((id, index) => ({ id, dependsOn: index === 0 ? first : [ids[index - 1]!] }));

/** Lays the plan out without elkjs, which it must be able to, and checks the layout holds. */
function laidOut(nodes: LayoutInput): PlanLayout {
  const layout = layoutChains(nodes);
  expect(layout).not.toBeNull();
  expectLaidOut(nodes, layout!);
  return layout!;
}

const place = (layout: PlanLayout, id: string) => layout.positions.get(id);
/** Where each card starts, across and down: the card and the elk options' spacing. */
const COLUMN = 208 + 44;
const ROW = 120 + 20;

/** The bench's plan (`bench/console/seed-plan.ts`): a turn, then four branches of waits and sends. */
function benchPlan(tasks = 200, branches = 4) {
  const tails = Array.from({ length: branches }, () => 'received');
  return [
    { id: 'received', dependsOn: [] as string[] },
    ...Array.from({ length: tasks - 1 }, (_, index) => {
      const branch = (index + 1) % branches;
      const node = { id: `task-${index + 1}`, dependsOn: [tails[branch]!] };
      tails[branch] = node.id;
      return node;
    }),
  ];
}

describe('plan layout without elkjs: chains and trees', () => {
  it('lays a reply out in a straight row, left to right, where elkjs puts it', async () => {
    const reply = chain(['received', 'typing', 'send-1', 'pause', 'typing-2', 'send-2']);
    const layout = laidOut(reply);
    expect(reply.map((node) => place(layout, node.id))).toEqual(
      reply.map((_, index) => ({ x: index * COLUMN, y: 0 })),
    );
    expect(layout).toEqual(await layoutPlan(reply, elk));
  });

  it('branches a turn into its reply and a reaction below it, the presence wait apart under them', () => {
    const layout = laidOut([
      ...chain(['received', 'typing', 'send', 'wait', 'send-2']),
      { id: 'online', dependsOn: [] },
      { id: 'react', dependsOn: ['received'] },
      { id: 'note', dependsOn: ['received', 'missing', 'note'] },
    ]);
    for (const id of ['received', 'typing', 'send', 'wait', 'send-2']) expect(place(layout, id)!.y).toBe(0);
    expect(place(layout, 'react')).toEqual({ x: COLUMN, y: ROW });
    expect(place(layout, 'note')).toEqual({ x: COLUMN, y: 2 * ROW });
    // The unconnected wait sits below the plan's three rows, as far off as elk's parts are.
    expect(place(layout, 'online')).toEqual({ x: 0, y: 3 * ROW - 20 + 28 });
    expect(layout).toMatchObject({ width: 5 * COLUMN - 44, height: 3 * ROW - 20 + 28 + 120 });
  });

  it('places a retry wait just before the task it delays, the chain straight (a tree towards its end)', () => {
    const layout = laidOut([
      ...chain(['received', 'typing']),
      { id: 'retry', dependsOn: [] },
      { id: 'send', dependsOn: ['typing', 'retry'] },
      ...chain(['wait', 'send-2'], ['send']),
    ]);
    for (const [index, id] of ['received', 'typing', 'send', 'wait', 'send-2'].entries())
      expect(place(layout, id)).toEqual({ x: index * COLUMN, y: 0 });
    expect(place(layout, 'retry')).toEqual({ x: COLUMN, y: ROW });
  });

  it("lays out a replan's received task after the chains it waits on", () => {
    const layout = laidOut([
      ...chain(['old-received', 'old-typing', 'old-send']),
      ...chain(['operator-wait', 'operator-send']),
      ...chain(['received', 'typing', 'send'], ['old-send', 'operator-send']),
    ]);
    for (const [index, id] of [
      'old-received',
      'old-typing',
      'old-send',
      'received',
      'typing',
      'send',
    ].entries())
      expect(place(layout, id)).toEqual({ x: index * COLUMN, y: 0 });
    expect(place(layout, 'operator-wait')).toEqual({ x: COLUMN, y: ROW });
    expect(place(layout, 'operator-send')).toEqual({ x: 2 * COLUMN, y: ROW });
  });

  it('keeps each branch of a wide plan straight and beside its parent, no two edges crossing', () => {
    const nodes = benchPlan();
    const layout = laidOut(nodes);
    // task-1 starts the first branch, in the turn's row; task-2 the second, below it; and so on.
    for (const node of nodes.slice(1)) {
      const branch = (Number(node.id.slice('task-'.length)) - 1) % 4;
      expect(place(layout, node.id)!.y).toBe(branch * ROW);
    }
    expect(layout.height).toBe(4 * ROW - 20);

    // A deeper tree: edges between two columns keep their order top to bottom at both ends.
    const wide = widePlan({ joins: false });
    const tree = laidOut(wide);
    const edges = wide.flatMap((node) =>
      node.dependsOn.map((dep) => [place(tree, dep)!, place(tree, node.id)!] as const),
    );
    for (const [from, to] of edges) expect(to.x - from.x).toBe(COLUMN);
    for (const [a, b] of edges.flatMap((edge, index) =>
      edges.slice(index + 1).map((other) => [edge, other]),
    )) {
      if (a![0].x !== b![0].x) continue;
      expect(Math.sign(a![0].y - b![0].y) * Math.sign(a![1].y - b![1].y)).not.toBe(-1);
    }
  });

  it.each([
    [
      'a reply that forks and joins again',
      [...chain(['a', 'b', 'd']), { id: 'c', dependsOn: ['a'] }, { id: 'e', dependsOn: ['d', 'c'] }],
    ],
    [
      'a retry wait in a branching plan',
      [
        ...chain(['received', 'typing']),
        { id: 'retry', dependsOn: [] },
        { id: 'send', dependsOn: ['typing', 'retry'] },
        { id: 'react', dependsOn: ['received'] },
      ],
    ],
    [
      'a dependency cycle',
      [
        { id: 'a', dependsOn: ['b'] },
        { id: 'b', dependsOn: ['a'] },
      ],
    ],
    ['a long conversation with a task after a send and a reaction', longPlan()],
    ['a wide fan-out with joins', widePlan()],
  ])('leaves %s to elkjs', (_, nodes) => {
    expect(layoutChains(nodes)).toBeNull();
  });

  it.each([
    ['a long conversation', longPlan({ joins: false })],
    ['a wide fan-out', widePlan({ joins: false })],
    ['the bench plan', benchPlan()],
  ])('lays out 200 tasks of %s, elkjs and without it, each time logged', async (shape, nodes) => {
    expect(nodes).toHaveLength(200);
    await layoutPlan(longPlan({ turns: 2 }), elk); // elkjs's first layout compiles its code
    const byElk = await timedLayouts(`elkjs, 200 tasks of ${shape}`, () => layoutPlan(nodes, elk));
    await timedLayouts(`chains, 200 tasks of ${shape}`, () => layoutChains(nodes)!);
    const byChains = laidOut(nodes);
    expectLaidOut(nodes, byElk);
    // As compact as elkjs's: never wider, and no taller than its layers' tallest needs.
    expect(byChains.width).toBeLessThanOrEqual(byElk.width);
  });
});
