import type { Edge } from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TaskGraphView } from '../../../../../shared/domain/tasks';
import { liveElements, replacedElements, type TaskFlowNode } from '../../model/plan-flow';
import type { PlanLayout } from '../../model/plan-layout';
import { planLayout, readyLayout, shapeOf } from '../../model/plan-layout-cache';

/** What the graph view draws, and the live plan's layout it first looks at. */
type Elements = { nodes: TaskFlowNode[]; edges: Edge[]; layout: PlanLayout };

/**
 * The graph view's nodes and edges: the live plan in front, the replaced plans behind it. Layouts
 * run off the render and are kept per plan shape (`plan-layout-cache.ts`), so a task changing
 * state moves nothing and a plan laid out before draws at once. Until the live plan's layout is
 * ready `elements` is null; `failure` says why it could not be made.
 */
export function usePlanElements(
  graph: TaskGraphView,
  replaced: readonly TaskGraphView[],
): { elements: Elements | null; failure: string | null } {
  const [layouts, setLayouts] = useState<ReadonlyMap<string, PlanLayout>>(() => new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const known = useRef(layouts);
  known.current = layouts;
  const shapes = [graph, ...replaced].map(shapeOf);
  const key = shapes.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names every shape on screen
  useEffect(() => {
    // Also those the cache has ready: holding them here keeps them while they are on screen.
    const missing = [graph, ...replaced].filter((plan) => !known.current.has(shapeOf(plan)));
    if (missing.length === 0) return;
    let current = true;
    Promise.all(missing.map(async (plan) => [shapeOf(plan), await planLayout(plan)] as const)).then(
      (done) => {
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
        setFailure(null);
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  const elements = useMemo(() => {
    // A plan laid out elsewhere draws at once, without waiting for the effect.
    const layoutOf = (plan: TaskGraphView) => layouts.get(shapeOf(plan)) ?? readyLayout(plan);
    const liveLayout = layoutOf(graph);
    if (!liveLayout) return null;
    const parts = replaced.flatMap((plan, index) => {
      const layout = layoutOf(plan);
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
  return { elements, failure };
}
