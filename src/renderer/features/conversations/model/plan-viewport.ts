import type { TaskGraphView } from '../../../../shared/domain/tasks';
import { isPresenceWait } from './graph-view';
import { type PlanLayout, TASK_NODE_SIZE } from './plan-layout';

/** Below this zoom a card's words are too small to read. */
export const READABLE_ZOOM = 0.75;
const MARGIN = 8;

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

type Span = { from: number; to: number };

/**
 * The layers (columns of cards) from the one at `focusX` that fit in `room` graph units: first
 * those leading to it, then those after it, so that no card is cut at a side.
 */
function layersAround(layout: PlanLayout, focusX: number, room: number): Span {
  const starts = [...new Set([...layout.positions.values()].map((at) => at.x))].sort((a, b) => a - b);
  const width = (first: number, last: number) => starts[last]! + TASK_NODE_SIZE.width - starts[first]!;
  let first = Math.max(starts.indexOf(focusX), 0);
  let last = first;
  while (first > 0 && width(first - 1, last) <= room) first -= 1;
  while (last < starts.length - 1 && width(first, last + 1) <= room) last += 1;
  return { from: starts[first] ?? 0, to: (starts[first] ?? 0) + width(first, last) };
}

/** Where `span` (graph units) starts on a screen side of `length` at `zoom`, centred if it fits. */
function offsetAlong(length: number, span: Span, zoom: number, keep: number): number {
  const centred = (length - (span.from + span.to) * zoom) / 2;
  if ((span.to - span.from) * zoom <= length - 2 * MARGIN) return centred;
  // Too long: `keep` (a graph coordinate) in the middle, the span's ends never inside the screen.
  const around = length / 2 - keep * zoom;
  return Math.min(MARGIN - span.from * zoom, Math.max(length - MARGIN - span.to * zoom, around));
}

/**
 * Where the graph view first looks: a plan that fits readably is shown whole, else the layers
 * around its task in focus that fit readably, whole cards from edge to edge.
 */
export function initialViewport(
  graph: TaskGraphView,
  layout: PlanLayout,
  screen: { width: number; height: number },
): Viewport {
  const room = { width: screen.width - 2 * MARGIN, height: screen.height - 2 * MARGIN };
  const whole = { x: { from: 0, to: layout.width }, y: { from: 0, to: layout.height } };
  const fit = Math.min(1, room.width / Math.max(layout.width, 1), room.height / Math.max(layout.height, 1));
  if (fit >= READABLE_ZOOM) {
    return {
      x: offsetAlong(screen.width, whole.x, fit, 0),
      y: offsetAlong(screen.height, whole.y, fit, 0),
      zoom: fit,
    };
  }
  // Too large to read whole: the layers around the task in focus, zoomed to fill the width.
  const focusId = focusTask(graph);
  const at = (focusId && layout.positions.get(focusId)) || { x: 0, y: 0 };
  const layers = layersAround(layout, at.x, room.width / READABLE_ZOOM);
  const zoom = Math.min(1, room.width / (layers.to - layers.from));
  return {
    x: offsetAlong(screen.width, layers, zoom, at.x + TASK_NODE_SIZE.width / 2),
    y: offsetAlong(screen.height, whole.y, zoom, at.y + TASK_NODE_SIZE.height / 2),
    zoom,
  };
}

/** Room (px) kept around the whole plan in the full window. */
export const FULL_PADDING = 24;
/** The zoom buttons in the bottom-left corner (React Flow's Controls): width and height with their margin. */
export const CONTROLS_BOX = { width: 48, height: 120 };

/**
 * The full window shows the whole plan, however narrow the screen: zoomed to fit inside
 * FULL_PADDING, and clear of the zoom buttons, room for them kept at the left or at the foot,
 * wherever the plan then shows larger.
 */
export function fullViewport(layout: PlanLayout, screen: { width: number; height: number }): Viewport {
  const size = { width: Math.max(layout.width, 1), height: Math.max(layout.height, 1) };
  const fitIn = (left: number, bottom: number) => {
    const width = Math.max(screen.width - left - 2 * FULL_PADDING, 1);
    const height = Math.max(screen.height - bottom - 2 * FULL_PADDING, 1);
    const zoom = Math.min(1, width / size.width, height / size.height);
    return {
      x: left + FULL_PADDING + (width - size.width * zoom) / 2,
      y: FULL_PADDING + (height - size.height * zoom) / 2,
      zoom,
    };
  };
  const beside = fitIn(CONTROLS_BOX.width, 0);
  const above = fitIn(0, CONTROLS_BOX.height);
  return beside.zoom >= above.zoom ? beside : above;
}
