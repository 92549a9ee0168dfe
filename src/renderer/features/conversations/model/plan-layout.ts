import type { ELK, ElkNode } from 'elkjs/lib/elk-api.js';
import { planLayoutEngine, warmPlanLayout } from './plan-layout-worker';

/**
 * Where each task of a plan sits in the graph view, left to right in the order tasks run.
 *
 * elkjs (the Eclipse Layout Kernel compiled to JavaScript) because its layered algorithm draws a
 * dependency graph the way it reads, with few edge crossings. It runs in a Web Worker
 * (`plan-layout-worker.ts`), so its 1.6 MB load only when a conversation page first needs it, and
 * a layout never blocks the page. Its cost per node is too high for the many plans that are only
 * chains and trees: `plan-layout-chains.ts` lays those out on the page's thread, alike.
 */

/** Every task card has this size, so the layout never has to measure and cards never overlap. */
export const TASK_NODE_SIZE = { width: 208, height: 120 } as const;

export type Position = { x: number; y: number };
export type PlanLayout = { positions: Map<string, Position>; width: number; height: number };

export type LayoutInput = ReadonlyArray<{ id: string; dependsOn: readonly string[] }>;

/** The gaps between cards: in a layer, between layers, and between unconnected parts of a plan. */
export const LAYOUT_SPACING = { nodeNode: 20, betweenLayers: 44, componentComponent: 28 } as const;

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': `${LAYOUT_SPACING.nodeNode}`,
  'elk.layered.spacing.nodeNodeBetweenLayers': `${LAYOUT_SPACING.betweenLayers}`,
  'elk.spacing.componentComponent': `${LAYOUT_SPACING.componentComponent}`,
  // React Flow draws the edges itself: the cheapest routing will do.
  'elk.edgeRouting': 'POLYLINE',
  // The view keeps its own margin.
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
  // Brandes–Köpf places nodes in linear time, and one crossing-minimisation pass without the
  // greedy switch is enough for plans (mostly chains): 200 tasks in ~50 ms instead of ~150.
  // Measured further (one BK alignment, merged edges, model order, no component splitting), no
  // other option saved time on every kind of plan: what is left is elkjs's cost per node.
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.thoroughness': '1',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
};

/** Readies the layout worker while the page is idle; returns how to call that off. */
export const warmUpPlanLayout = () => warmPlanLayout(LAYOUT_OPTIONS);

/** The User Timing measure of each layout, for the console bench and the browser's profiler. */
const LAYOUT_MEASURE = 'troupe:plan-layout';

/** Records a layout of `tasks` tasks begun at `started` (a `performance.now()`) as a measure. */
export function measureLayout(started: number, tasks: number): void {
  performance.measure(LAYOUT_MEASURE, { start: started, detail: { tasks } });
}

/**
 * Lays the tasks out with elkjs; dependencies on tasks not in the list are left out. `engine` is
 * the worker's elkjs unless given one (tests lay out in their own thread). Plans of chains and
 * trees need no elkjs: `plan-layout-cache.ts` lays those out with `plan-layout-chains.ts`.
 */
export async function layoutPlan(
  nodes: LayoutInput,
  engine: Pick<ELK, 'layout'> = planLayoutEngine(),
): Promise<PlanLayout> {
  const started = performance.now();
  const known = new Set(nodes.map((node) => node.id));
  const graph: ElkNode = {
    id: 'plan',
    layoutOptions: LAYOUT_OPTIONS,
    children: nodes.map((node) => ({ id: node.id, ...TASK_NODE_SIZE })),
    edges: nodes.flatMap((node) =>
      node.dependsOn
        .filter((dep) => known.has(dep) && dep !== node.id)
        .map((dep) => ({ id: `${dep}->${node.id}`, sources: [dep], targets: [node.id] })),
    ),
  };
  const laid = await engine.layout(graph);
  measureLayout(started, nodes.length);
  const positions = new Map<string, Position>();
  for (const child of laid.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  return { positions, width: laid.width ?? 0, height: laid.height ?? 0 };
}
