import {
  LAYOUT_SPACING,
  type LayoutInput,
  type PlanLayout,
  type Position,
  TASK_NODE_SIZE,
} from './plan-layout';

/**
 * Lays out, without elkjs, the plans the engine makes: chains and trees of tasks.
 *
 * Why: elkjs's layered algorithm costs a fixed time per node whatever the graph (crossing
 * minimisation, node sizing and Brandes–Köpf placement 10–22 ms each on 200 tasks; even a plan of
 * four chains takes 35–50 ms warm), which keeps a 200-task plan over 100 ms in Chromium. A reply
 * is a chain (received → typing wait → send → wait → …) and most plans are a few such chains,
 * which a tree layout places in linear time, exactly as elk's would: left to right, a layer per
 * step, the same card size and spacing, no edge crossings.
 *
 * What it lays out: a plan whose every connected part (tasks linked by dependencies either way)
 * is
 * - an out-tree: each task waits on at most one other (chains; a turn branching into a reply and
 *   a reaction; the presence-window wait on its own), with exactly one first task; or
 * - an in-tree: each task is waited on by at most one other, with exactly one last task (a retry
 *   or flood wait inserted before a task of a chain; a replan's received task waiting on several
 *   preserved chains).
 * Dependencies on tasks not in the plan, and on the task itself, are left out, as elk's are.
 *
 * When elkjs still runs (this returns null): a part with a task waiting on two others and a task
 * waited on by two others (a reply that forks and joins again, a retry wait in a branching plan),
 * and dependency cycles. Placing those well takes crossing minimisation, which is elk's job.
 */

/** Where the next card starts, in each direction: the card plus elk's spacing after it. */
const LAYER_STEP = TASK_NODE_SIZE.width + LAYOUT_SPACING.betweenLayers;
const ROW_STEP = TASK_NODE_SIZE.height + LAYOUT_SPACING.nodeNode;

/** Each task's dependencies and dependents as indices into the plan, in the plan's order. */
type Links = { before: number[][]; after: number[][] };

function linksOf(nodes: LayoutInput): Links | null {
  const index = new Map<string, number>();
  for (const [at, node] of nodes.entries()) {
    // Two tasks of one id are not a plan the engine makes; elk decides what to draw.
    if (index.has(node.id)) return null;
    index.set(node.id, at);
  }
  const before: number[][] = nodes.map(() => []);
  const after: number[][] = nodes.map(() => []);
  for (const [at, node] of nodes.entries()) {
    for (const dep of new Set(node.dependsOn)) {
      const from = index.get(dep);
      if (from === undefined || from === at) continue;
      before[at]!.push(from);
      after[from]!.push(at);
    }
  }
  // In the plan's order, so the first-made branch keeps its parent's row.
  for (const list of before) list.sort((a, b) => a - b);
  return { before, after };
}

/** The connected parts of the plan, each in the plan's order, ordered by their first task. */
function partsOf({ before, after }: Links): number[][] {
  const seen = new Uint8Array(before.length);
  const parts: number[][] = [];
  for (let start = 0; start < before.length; start += 1) {
    if (seen[start]) continue;
    seen[start] = 1;
    const part = [start];
    for (let next = 0; next < part.length; next += 1) {
      const at = part[next]!;
      for (const other of [...before[at]!, ...after[at]!]) {
        if (seen[other]) continue;
        seen[other] = 1;
        part.push(other);
      }
    }
    parts.push(part.sort((a, b) => a - b));
  }
  return parts;
}

/** A part as a tree: its root, each task's children, and whether the layers run from the root. */
type Tree = { root: number; children: number[][]; fromRoot: boolean };

function treeOf(part: readonly number[], { before, after }: Links): Tree | null {
  const single = (lists: number[][]) => part.every((at) => lists[at]!.length <= 1);
  const ends = (lists: number[][]) => part.filter((at) => lists[at]!.length === 0);
  // An out-tree grows from its first task; an in-tree towards its last one, drawn mirrored.
  for (const [parents, children, fromRoot] of [
    [before, after, true],
    [after, before, false],
  ] as const) {
    if (!single(parents)) continue;
    const roots = ends(parents);
    // Connected, one parent each and one root make a tree; no root means a cycle.
    return roots.length === 1 ? { root: roots[0]!, children, fromRoot } : null;
  }
  return null;
}

/**
 * Each task's depth (steps from the root) and row, rows counted per depth from the top. A task's
 * first child continues its row, so a chain, its first children all the way, is straight; each
 * other child starts a new chain, visited depth first in the plan's order, in the first row free
 * at every depth that chain spans, so it sits just below what was placed before it, near its
 * parent. Every task takes a row free at its depth and no task after it is placed above it there,
 * so no two cards share a place; and each subtree's rows at a depth lie together, below its elder
 * siblings', so no two edges cross. Each task is placed once, with its chain: linear time.
 */
function placeTree(tree: Tree) {
  const depth = new Map<number, number>([[tree.root, 0]]);
  const row = new Map<number, number>();
  const nextFree: number[] = [];
  const placeChain = (start: number) => {
    const chain: number[] = [];
    for (let at: number | undefined = start; at !== undefined; at = tree.children[at]![0]) chain.push(at);
    const first = depth.get(start)!;
    let top = 0;
    for (let step = 0; step < chain.length; step += 1) top = Math.max(top, nextFree[first + step] ?? 0);
    for (const [step, at] of chain.entries()) {
      row.set(at, top);
      nextFree[first + step] = top + 1;
    }
  };
  const stack = [tree.root];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (!row.has(at)) placeChain(at);
    const children = tree.children[at]!;
    // The first child on top of the stack: its subtree is placed before the next child's.
    for (let child = children.length - 1; child >= 0; child -= 1) {
      depth.set(children[child]!, depth.get(at)! + 1);
      stack.push(children[child]!);
    }
  }
  // Every depth from the root's to the deepest holds a task.
  return { depth, row, depths: nextFree.length, rows: nextFree.reduce((most, next) => Math.max(most, next)) };
}

/** The plan laid out, or null when it is not made of chains and trees (elkjs lays it out). */
export function layoutChains(nodes: LayoutInput): PlanLayout | null {
  const links = linksOf(nodes);
  if (!links) return null;
  const trees: Tree[] = [];
  for (const part of partsOf(links)) {
    const tree = treeOf(part, links);
    if (!tree) return null;
    trees.push(tree);
  }

  const positions = new Map<string, Position>();
  let top = 0;
  let layers = 0;
  for (const tree of trees) {
    const { depth, row, depths, rows } = placeTree(tree);
    for (const [at, steps] of depth) {
      // An in-tree's layers count back from its last task: a retry wait sits just before the
      // task it delays, not in the first layer.
      const layer = tree.fromRoot ? steps : depths - 1 - steps;
      positions.set(nodes[at]!.id, { x: layer * LAYER_STEP, y: top + row.get(at)! * ROW_STEP });
    }
    layers = Math.max(layers, depths);
    // Parts stack top to bottom in the plan's order, as far apart as elk keeps them.
    top += rows * ROW_STEP - LAYOUT_SPACING.nodeNode + LAYOUT_SPACING.componentComponent;
  }
  return {
    positions,
    width: layers === 0 ? 0 : layers * LAYER_STEP - LAYOUT_SPACING.betweenLayers,
    height: trees.length === 0 ? 0 : top - LAYOUT_SPACING.componentComponent,
  };
}
