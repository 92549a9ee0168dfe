import { Handle, type NodeProps, Position, useReactFlow } from '@xyflow/react';
import type { TaskFlowNode } from '../../model/plan-flow';
import { usePlanContext } from './plan-context';
import { TaskCard } from './TaskCard';

/**
 * A live task in the graph: its card between the handles its dependency edges attach to. Focus
 * reaching the card or a button in it brings the card into view, so a confirm opened from the
 * keyboard has its button on screen to stand by.
 */
export function TaskNode({ id, data }: NodeProps<TaskFlowNode>) {
  const { live } = usePlanContext();
  const flow = useReactFlow();
  const bringIntoView = () => {
    const zoom = flow.getZoom();
    void flow.fitView({ nodes: [{ id }], minZoom: zoom, maxZoom: zoom });
  };
  return (
    // Focus moves in from the card's own controls; the div only listens as it bubbles up.
    // biome-ignore lint/a11y/noStaticElementInteractions: the node itself is the focusable element
    <div onFocus={bringIntoView}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <TaskCard task={data.task} live={live} actions={live} />
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

/** A task of a plan a replan replaced: the same card, faded and without actions. */
export function ReplacedTaskNode({ data }: NodeProps<TaskFlowNode>) {
  return (
    <div className="pg-plan-replaced" inert>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <TaskCard task={data.task} live={false} actions={false} />
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}
