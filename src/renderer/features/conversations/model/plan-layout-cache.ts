import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { layoutPlan, type PlanLayout } from './plan-layout';

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

/** The plan's layout if it is ready, to draw at once. */
export function readyLayout(graph: TaskGraphView): PlanLayout | undefined {
  return use(shapeOf(graph))?.done;
}

/** The plan's layout: the kept one, or a new one (shared by everyone who asks meanwhile). */
export function planLayout(graph: TaskGraphView, layout = layoutPlan): Promise<PlanLayout> {
  const shape = shapeOf(graph);
  const kept = use(shape);
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
  entries.set(shape, entry);
  for (const oldest of entries.keys()) {
    if (entries.size <= KEPT_SHAPES) break;
    entries.delete(oldest);
  }
  return entry.pending;
}
