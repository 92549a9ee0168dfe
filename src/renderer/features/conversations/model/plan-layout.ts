import type { ELK, ElkNode } from 'elkjs/lib/elk.bundled.js';

/**
 * Where each task of a plan sits in the graph view, left to right in the order tasks run.
 *
 * elkjs (the Eclipse Layout Kernel compiled to JavaScript) because its layered algorithm draws a
 * dependency graph the way it reads, with few edge crossings, and lays out 200 tasks in a few
 * tens of milliseconds. The bundled build runs in the page itself: no worker file to serve, no
 * eval, so the console's script policy stays `'self'`. Its 1.4 MB load only when a plan is
 * first drawn, in a chunk of its own.
 */

/** Every task card has this size, so the layout never has to measure and cards never overlap. */
export const TASK_NODE_SIZE = { width: 208, height: 120 } as const;

export type Position = { x: number; y: number };
export type PlanLayout = { positions: Map<string, Position>; width: number; height: number };

type LayoutInput = ReadonlyArray<{ id: string; dependsOn: readonly string[] }>;

let elk: Promise<ELK> | null = null;
const loadElk = () => {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: Elk }) => new Elk());
  return elk;
};

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '20',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.spacing.componentComponent': '28',
  // React Flow draws the edges itself: the cheapest routing will do.
  'elk.edgeRouting': 'POLYLINE',
  // The view keeps its own margin.
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
  // Brandes–Köpf places nodes in linear time, and one crossing-minimisation pass without the
  // greedy switch is enough for plans (mostly chains): 200 tasks in ~50 ms instead of ~150.
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.thoroughness': '1',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
};

/** Lays the tasks out; dependencies on tasks not in the list are left out. */
export async function layoutPlan(nodes: LayoutInput): Promise<PlanLayout> {
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
  const laid = await (await loadElk()).layout(graph);
  const positions = new Map<string, Position>();
  for (const child of laid.children ?? []) positions.set(child.id, { x: child.x ?? 0, y: child.y ?? 0 });
  return { positions, width: laid.width ?? 0, height: laid.height ?? 0 };
}
