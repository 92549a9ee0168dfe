import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { isPresenceWait } from './graph-view';
import { type PlanLayout, TASK_NODE_SIZE } from './plan-layout';

/** Where the graph view first looks: a plan that fits readably is shown whole, else its next task. */

/** Below this zoom a card's words are too small to read. */
export const READABLE_ZOOM = 0.75;
const MARGIN = 12;

export type Viewport = { x: number; y: number; zoom: number };

/**
 * The task the operator most likely looks for: the first running, else the first pending, else
 * the last that did something; the presence window that keeps the agent online after a turn is
 * never it while there is other work.
 */
export function focusTask(graph: TaskGraphView): string | null {
  const work = graph.nodes.filter((node) => !isPresenceWait(node));
  const running = work.find((node) => node.status === 'active');
  const pending = work.find((node) => node.status === 'pending');
  return (running ?? pending ?? work.at(-1) ?? graph.nodes.at(-1))?.id ?? null;
}

export function initialViewport(
  graph: TaskGraphView,
  layout: PlanLayout,
  screen: { width: number; height: number },
): Viewport {
  const fit = Math.min(
    1,
    (screen.width - 2 * MARGIN) / Math.max(layout.width, 1),
    (screen.height - 2 * MARGIN) / Math.max(layout.height, 1),
  );
  if (fit >= READABLE_ZOOM) {
    return {
      x: (screen.width - layout.width * fit) / 2,
      y: (screen.height - layout.height * fit) / 2,
      zoom: fit,
    };
  }
  // Too large to read whole: readable, the task in focus centred between what leads to it and
  // what follows.
  const focusId = focusTask(graph);
  const at = (focusId && layout.positions.get(focusId)) || { x: 0, y: 0 };
  const zoom = READABLE_ZOOM;
  return {
    x: screen.width / 2 - (at.x + TASK_NODE_SIZE.width / 2) * zoom,
    y: screen.height / 2 - (at.y + TASK_NODE_SIZE.height / 2) * zoom,
    zoom,
  };
}
