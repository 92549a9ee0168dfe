import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  type NodeTypes,
  ReactFlow,
  type ReactFlowInstance,
} from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { TaskGraphView } from '../../../../../shared/domain/tasks';
import { ErrorState, LoadingState } from '../../../../ui/states';
import type { TaskFlowNode } from '../../model/plan-flow';
import { focusTask, fullViewport, initialViewport } from '../../model/plan-viewport';
import { ReplacedTaskNode, TaskNode } from './TaskNode';
import { usePlanElements } from './usePlanElements';

/*
 * @xyflow/react (React Flow) draws the plan: custom React nodes (Mantine cards with their own
 * buttons), pan and zoom that stay smooth at a few hundred nodes, focusable nodes with the view
 * panning to the focused one, and zoom controls that are buttons. It only draws; the positions
 * come from `model/plan-layout-chains.ts` for plans of chains and trees, from elkjs in a worker
 * (`model/plan-layout.ts`) for the others.
 */

const NODE_TYPES: NodeTypes = { task: TaskNode, replaced: ReplacedTaskNode };
const EDGE_DEFAULTS = { markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 } };
/** Beyond this many tasks the overview map helps to find one, and off-screen ones are not drawn. */
const LARGE_PLAN = 30;

/**
 * The plan as a graph to pan and zoom: whole if readable, else around its next task; in the full
 * window always whole, clear of the zoom buttons.
 */
export function PlanCanvas({
  graph,
  replaced,
  full = false,
}: {
  graph: TaskGraphView;
  replaced: readonly TaskGraphView[];
  /** Drawn over the whole window rather than in the inspector. */
  full?: boolean;
}) {
  const scheme = useComputedColorScheme('light');
  const { elements, failure } = usePlanElements(graph, replaced);
  const frame = useRef<HTMLDivElement>(null);
  const flow = useRef<ReactFlowInstance<TaskFlowNode> | null>(null);
  // Until the operator pans or zooms, the view follows the plan as tasks are added or move on.
  const moved = useRef(false);
  const lookAtPlan = () => {
    if (!flow.current || !elements || moved.current) return;
    const screen = { width: frame.current?.clientWidth ?? 0, height: frame.current?.clientHeight ?? 0 };
    void flow.current.setViewport(
      full ? fullViewport(elements.layout, screen) : initialViewport(graph, elements.layout, screen),
    );
  };
  // Looked at again when the layout changes, or the task in focus moves on (a turn finished).
  const focus = focusTask(graph);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new layout or focus is the change to follow
  useEffect(lookAtPlan, [elements?.layout, focus]);
  if (!elements && failure) {
    return <ErrorState title="The plan could not be laid out" message={failure} />;
  }
  if (!elements) return <LoadingState label="Laying out the plan…" minHeight={200} />;
  const large = graph.nodes.length > LARGE_PLAN;
  return (
    // Working in the graph with the keyboard counts as moving it: the view stays where it is.
    // biome-ignore lint/a11y/noStaticElementInteractions: it only hears focus move within the graph
    <div
      className="pg-plan-canvas"
      data-full={full || undefined}
      ref={frame}
      onFocus={() => {
        moved.current = true;
      }}
    >
      <ReactFlow
        // A new plan is looked at afresh.
        key={graph.id}
        nodes={elements.nodes}
        edges={elements.edges}
        nodeTypes={NODE_TYPES}
        defaultEdgeOptions={EDGE_DEFAULTS}
        colorMode={scheme}
        onInit={(instance) => {
          flow.current = instance;
          moved.current = false;
          lookAtPlan();
        }}
        onMoveStart={(event) => {
          // Only the operator's own moves carry an event.
          if (event) moved.current = true;
        }}
        minZoom={0.05}
        maxZoom={1.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        onlyRenderVisibleElements={large}
        aria-label="Task graph"
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} position="bottom-left" />
        {large && <MiniMap pannable zoomable ariaLabel="Overview of the plan" />}
      </ReactFlow>
    </div>
  );
}
