import { describe, expect, it } from 'vitest';
import { REPLACED_OFFSET, replacedElements } from '../../src/renderer/features/conversations/model/plan-flow';
import type { PlanLayout } from '../../src/renderer/features/conversations/model/plan-layout';
import { planLayout, readyLayout } from '../../src/renderer/features/conversations/model/plan-layout-cache';
import type { TaskGraphView } from '../../src/shared/domain/tasks';
import { burstPlan, plan, task } from './support/plan-fixture';

/** A layout function that counts its calls and answers when the test says. */
function countingLayout() {
  const calls: string[][] = [];
  const answers: Array<(layout: PlanLayout) => void> = [];
  const failures: Array<(error: Error) => void> = [];
  const layout = (nodes: ReadonlyArray<{ id: string }>) => {
    calls.push(nodes.map((node) => node.id));
    return new Promise<PlanLayout>((resolve, reject) => {
      answers.push(resolve);
      failures.push(reject);
    });
  };
  const laidOut = (ids: string[]): PlanLayout => ({
    positions: new Map(ids.map((id, index) => [id, { x: index * 300, y: 0 }])),
    width: ids.length * 300,
    height: 120,
  });
  return { calls, layout, answer: (index: number) => answers[index]!(laidOut(calls[index]!)), failures };
}

const withStatuses = (graph: TaskGraphView): TaskGraphView => ({
  ...graph,
  nodes: graph.nodes.map((node) => ({
    ...node,
    status: 'done' as const,
    updatedAt: '2025-06-01T12:20:00.000Z',
  })),
});

/** A burst's plan with a sticker after both the last send and the reaction: elkjs lays it out. */
function joinedPlan(id: string): TaskGraphView {
  const burst = burstPlan(id);
  return plan(id, [
    ...burst.nodes,
    task(`${id}-sticker`, { kind: 'sticker', dependsOn: ['send-2', 'react-1'] }),
  ]);
}

/** a, then b and c beside each other, then d after both: a plan elkjs lays out. */
const diamond = (prefix: string, d = [`${prefix}b`, `${prefix}c`]) => [
  task(`${prefix}a`),
  task(`${prefix}b`, { dependsOn: [`${prefix}a`] }),
  task(`${prefix}c`, { dependsOn: [`${prefix}a`] }),
  task(`${prefix}d`, { dependsOn: d }),
];

describe('plan layouts kept by shape', () => {
  it('lays a plan of chains and trees out at once, without elkjs: the live plan and the replaced one behind', async () => {
    const engine = countingLayout();
    const live = burstPlan('graph-cache-0', 3000);
    const replaced = plan('graph-cache-replaced', [
      task('old-received', { kind: 'received', status: 'done' }),
      task('old-send', { status: 'cancelled', dependsOn: ['old-received'] }),
      task('old-react', { kind: 'react', status: 'cancelled', dependsOn: ['old-received'] }),
    ]);
    const layout = readyLayout(live);
    expect(layout?.positions.get('send-2')).toEqual({ x: 4 * 252, y: 0 });
    expect(layout?.positions.get('react-1')).toEqual({ x: 252, y: 140 });
    expect(await planLayout(live, engine.layout)).toBe(layout);

    const behind = replacedElements(replaced, (await planLayout(replaced, engine.layout))!, 1);
    expect(behind.nodes.map((node) => [node.id, node.position])).toEqual([
      ['replaced-1:old-received', { x: REPLACED_OFFSET, y: REPLACED_OFFSET }],
      ['replaced-1:old-send', { x: 252 + REPLACED_OFFSET, y: REPLACED_OFFSET }],
      ['replaced-1:old-react', { x: 252 + REPLACED_OFFSET, y: 140 + REPLACED_OFFSET }],
    ]);
    expect(engine.calls).toEqual([]);
  });

  it('lays a plan out once: its tasks changing state and a second view find it laid out', async () => {
    const engine = countingLayout();
    const graph = joinedPlan('graph-cache-1');
    const first = planLayout(graph, engine.layout);
    const second = planLayout(graph, engine.layout);
    expect(readyLayout(graph)).toBeUndefined();
    engine.answer(0);
    expect(await first).toBe(await second);

    const later = withStatuses(graph);
    expect(readyLayout(later)).toBe(await first);
    expect(await planLayout(later, engine.layout)).toBe(await first);
    expect(engine.calls).toHaveLength(1);
  });

  it('lays a plan out again when a task is added or a dependency changes', async () => {
    const engine = countingLayout();
    const graph = plan('graph-cache-2', diamond('cache-'));
    const grown = plan('graph-cache-2', [...graph.nodes, task('cache-e', { dependsOn: ['cache-d'] })]);
    const rewired = plan('graph-cache-2', diamond('cache-', ['cache-b', 'cache-c', 'cache-a']));
    for (const shape of [graph, grown, rewired]) void planLayout(shape, engine.layout);
    const ids = ['cache-a', 'cache-b', 'cache-c', 'cache-d'];
    expect(engine.calls).toEqual([ids, [...ids, 'cache-e'], ids]);
  });

  it('keeps no failed layout: the next view to ask lays the plan out again', async () => {
    const engine = countingLayout();
    const graph = plan('graph-cache-3', diamond('failing-'));
    const failed = planLayout(graph, engine.layout);
    engine.failures[0]!(new Error('The layout worker could not start.'));
    await expect(failed).rejects.toThrow('could not start');

    const retried = planLayout(graph, engine.layout);
    engine.answer(1);
    expect((await retried).positions.get('failing-a')).toEqual({ x: 0, y: 0 });
    expect(engine.calls).toHaveLength(2);
  });
});
