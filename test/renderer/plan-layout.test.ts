import Elk from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutPlan as layoutInWorker } from '../../src/renderer/features/conversations/model/plan-layout';
import { expectLaidOut, longPlan, timedLayouts, widePlan } from './support/plan-shapes';

/** The console lays out in a Web Worker; Node has none, so the same elkjs runs in this thread. */
const inThread = new Elk();
const layoutPlan = (nodes: Parameters<typeof layoutInWorker>[0]) => layoutInWorker(nodes, inThread);

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
      await layoutPlan(longPlan({ turns: 2 })); // warms the layout code up, as the console's first small plan does
      const layout = await timedLayouts(`elkjs, 200 tasks of ${shape}`, () => layoutPlan(nodes));
      expectLaidOut(nodes, layout);
    },
  );
});
