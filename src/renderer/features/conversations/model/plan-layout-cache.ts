import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { layoutPlan, measureLayout, type PlanLayout } from './plan-layout';
import { layoutChains } from './plan-layout-chains';

/**
 * Layouts kept by plan shape for the page's life, so a plan is laid out once however often it is
 * drawn: a task changing state, going back to a chat, the full-window view and the agent's Plans
 * tab all find it laid out.
 */

/** Enough for the plans of the chats an operator moves between; each is a few kilobytes. */
const KEPT_SHAPES = 32;

/** The tasks and dependencies of a plan: a layout only changes when these do, not with states. */
export function shapeOf(graph: TaskGraphView): string {
  return graph.nodes.map((node) => `${node.id}<${node.dependsOn.join(',')}`).join(';');
}

type Entry = { pending: Promise<PlanLayout>; done?: PlanLayout };

/** Oldest use first: a Map iterates in insertion order, and a use moves its entry to the end. */
const entries = new Map<string, Entry>();

function use(shape: string): Entry | undefined {
  const entry = entries.get(shape);
  if (entry) {
    entries.delete(shape);
    entries.set(shape, entry);
  }
  return entry;
}

function keep(shape: string, entry: Entry): void {
  entries.set(shape, entry);
  for (const oldest of entries.keys()) {
    if (entries.size <= KEPT_SHAPES) break;
    entries.delete(oldest);
  }
}

/**
 * A plan of chains and trees laid out at once, on this thread (`plan-layout-chains.ts`: well
 * under a millisecond for 200 tasks, less than a message to the worker takes), and kept.
 */
function layoutAtOnce(graph: TaskGraphView, shape: string): Entry | undefined {
  const started = performance.now();
  const done = layoutChains(graph.nodes);
  if (!done) return undefined;
  measureLayout(started, graph.nodes.length);
  const entry = { pending: Promise.resolve(done), done };
  keep(shape, entry);
  return entry;
}

/** The plan's layout if it is ready, to draw at once: a plan of chains and trees always is. */
export function readyLayout(graph: TaskGraphView): PlanLayout | undefined {
  const shape = shapeOf(graph);
  return (use(shape) ?? layoutAtOnce(graph, shape))?.done;
}

/**
 * The plan's layout: the kept one, or a new one (shared by everyone who asks meanwhile); by
 * elkjs (`layout`) only when the plan is not made of chains and trees.
 */
export function planLayout(graph: TaskGraphView, layout = layoutPlan): Promise<PlanLayout> {
  const shape = shapeOf(graph);
  const kept = use(shape) ?? layoutAtOnce(graph, shape);
  if (kept) return kept.pending;
  const entry: Entry = {
    pending: layout(graph.nodes).then(
      (done) => {
        entry.done = done;
        return done;
      },
      (error: unknown) => {
        // A failed layout is not kept: the next view to ask tries again.
        if (entries.get(shape) === entry) entries.delete(shape);
        throw error;
      },
    ),
  };
  keep(shape, entry);
  return entry.pending;
}
