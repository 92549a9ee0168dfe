import type { Edge, Node } from '@xyflow/react';
import type { TaskGraphView, TaskNodeView } from '../../../../shared/domain/tasks';
import { TASK_STATUS_LABELS } from './graph-view';
import { type PlanLayout, TASK_NODE_SIZE } from './plan-layout';

/** The plan as nodes and edges for the graph view: the live plan, and replaced ones faded behind. */

export type TaskNodeData = { task: TaskNodeView };
export type TaskFlowNode = Node<TaskNodeData, 'task' | 'replaced'>;

/** How far each older replaced plan sits down and right of the one in front of it. */
export const REPLACED_OFFSET = 18;

export function taskLabel(task: TaskNodeView): string {
  return `${task.kind} task ${task.id}, ${TASK_STATUS_LABELS[task.status]}`;
}

function edgesOf(graph: TaskGraphView, prefix: string, replaced: boolean): Edge[] {
  const known = new Set(graph.nodes.map((node) => node.id));
  return graph.nodes.flatMap((node) =>
    node.dependsOn
      .filter((dep) => known.has(dep) && dep !== node.id)
      .map((dep) => ({
        id: `${prefix}${dep}->${node.id}`,
        source: `${prefix}${dep}`,
        target: `${prefix}${node.id}`,
        // An edge into a task that will not run is drawn dashed.
        className: node.status === 'cancelled' ? 'pg-plan-edge-cancelled' : undefined,
        focusable: false,
        zIndex: replaced ? -1 : 0,
        ariaLabel: `${node.id} waits on ${dep}`,
        domAttributes: replaced ? { 'aria-hidden': true } : undefined,
      })),
  );
}

/** The live plan's nodes (focusable, labelled for screen readers) and its dependency edges. */
export function liveElements(
  graph: TaskGraphView,
  layout: PlanLayout,
): { nodes: TaskFlowNode[]; edges: Edge[] } {
  const nodes: TaskFlowNode[] = graph.nodes.map((task) => ({
    id: task.id,
    type: 'task',
    position: layout.positions.get(task.id) ?? { x: 0, y: 0 },
    // Cards have a fixed size: given, React Flow draws a node at once instead of hiding it until
    // measured (a node redrawn from a fresh object can lose its measure and stay hidden).
    ...TASK_NODE_SIZE,
    data: { task },
    ariaRole: 'article',
    ariaLabel: taskLabel(task),
    draggable: false,
    connectable: false,
    deletable: false,
  }));
  return { nodes, edges: edgesOf(graph, '', false) };
}

/**
 * A replaced plan (`age` 1 is the newest), laid out on its own and drawn behind the live one,
 * shifted by its age so each stays visible; out of the keyboard's and screen readers' way.
 */
export function replacedElements(
  graph: TaskGraphView,
  layout: PlanLayout,
  age: number,
): { nodes: TaskFlowNode[]; edges: Edge[] } {
  const prefix = `replaced-${age}:`;
  const shift = age * REPLACED_OFFSET;
  const nodes: TaskFlowNode[] = graph.nodes.map((task) => {
    const at = layout.positions.get(task.id) ?? { x: 0, y: 0 };
    return {
      id: `${prefix}${task.id}`,
      type: 'replaced',
      position: { x: at.x + shift, y: at.y + shift },
      ...TASK_NODE_SIZE,
      data: { task },
      zIndex: -age,
      selectable: false,
      focusable: false,
      draggable: false,
      connectable: false,
      deletable: false,
      domAttributes: { 'aria-hidden': true },
    };
  });
  return { nodes, edges: edgesOf(graph, prefix, true) };
}
