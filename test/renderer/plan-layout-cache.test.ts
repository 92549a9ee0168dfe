import { describe, expect, it } from 'vitest';
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

describe('plan layouts kept by shape', () => {
  it('lays a plan out once: its tasks changing state and a second view find it laid out', async () => {
    const engine = countingLayout();
    const graph = burstPlan('graph-cache-1', 3001);
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
    const graph = plan('graph-cache-2', [task('cache-a'), task('cache-b', { dependsOn: ['cache-a'] })]);
    const grown = plan('graph-cache-2', [...graph.nodes, task('cache-c', { dependsOn: ['cache-b'] })]);
    const rewired = plan('graph-cache-2', [task('cache-a'), task('cache-b')]);
    for (const shape of [graph, grown, rewired]) void planLayout(shape, engine.layout);
    expect(engine.calls).toEqual([
      ['cache-a', 'cache-b'],
      ['cache-a', 'cache-b', 'cache-c'],
      ['cache-a', 'cache-b'],
    ]);
  });

  it('keeps no failed layout: the next view to ask lays the plan out again', async () => {
    const engine = countingLayout();
    const graph = plan('graph-cache-3', [task('cache-failing')]);
    const failed = planLayout(graph, engine.layout);
    engine.failures[0]!(new Error('The layout worker could not start.'));
    await expect(failed).rejects.toThrow('could not start');

    const retried = planLayout(graph, engine.layout);
    engine.answer(1);
    expect((await retried).positions.get('cache-failing')).toEqual({ x: 0, y: 0 });
    expect(engine.calls).toHaveLength(2);
  });
});
