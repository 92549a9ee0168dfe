import type { Edge } from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TaskGraphView } from '../../../../../shared/domain/tasks';
import { liveElements, replacedElements, type TaskFlowNode } from '../../model/plan-flow';
import { layoutPlan, type PlanLayout } from '../../model/plan-layout';

/** What the graph view draws, and the live plan's layout it first looks at. */
type Elements = { nodes: TaskFlowNode[]; edges: Edge[]; layout: PlanLayout };

/** The tasks and dependencies of a plan: a layout only changes when these do, not with states. */
function shapeOf(graph: TaskGraphView): string {
  return graph.nodes.map((node) => `${node.id}<${node.dependsOn.join(',')}`).join(';');
}

/**
 * The graph view's nodes and edges: the live plan in front, the replaced plans behind it. Layouts
 * run off the render and are kept per plan shape, so a task changing state moves nothing; until
 * the live plan's first layout is ready this is null.
 */
export function usePlanElements(graph: TaskGraphView, replaced: readonly TaskGraphView[]): Elements | null {
  const [layouts, setLayouts] = useState<ReadonlyMap<string, PlanLayout>>(() => new Map());
  const known = useRef(layouts);
  known.current = layouts;
  const shapes = [graph, ...replaced].map(shapeOf);
  const key = shapes.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names every shape on screen
  useEffect(() => {
    const missing = [graph, ...replaced].filter((plan) => !known.current.has(shapeOf(plan)));
    if (missing.length === 0) return;
    let current = true;
    void Promise.all(
      missing.map(async (plan) => [shapeOf(plan), await layoutPlan(plan.nodes)] as const),
    ).then((done) => {
      if (!current) return;
      const fresh = new Map(done);
      // Only the shapes on screen are kept.
      setLayouts((previous) => {
        const next = new Map<string, PlanLayout>();
        for (const shape of shapes) {
          const layout = previous.get(shape) ?? fresh.get(shape);
          if (layout) next.set(shape, layout);
        }
        return next;
      });
    });
    return () => {
      current = false;
    };
  }, [key]);

  return useMemo(() => {
    const liveLayout = layouts.get(shapeOf(graph));
    if (!liveLayout) return null;
    const parts = replaced.flatMap((plan, index) => {
      const layout = layouts.get(shapeOf(plan));
      return layout ? [replacedElements(plan, layout, index + 1)] : [];
    });
    // Replaced plans first, oldest first, so the live one is drawn over them.
    parts.reverse().push(liveElements(graph, liveLayout));
    return {
      nodes: parts.flatMap((part) => part.nodes),
      edges: parts.flatMap((part) => part.edges),
      layout: liveLayout,
    };
  }, [graph, replaced, layouts]);
}
