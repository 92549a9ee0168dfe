import { Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';
import { lazyComponent } from '../../../../ui/lazy-component';
import { EmptyBlock, ErrorState, LoadingState } from '../../../../ui/states';
import type { ChatRef } from '../../model';
import type { ChatView } from '../../store';
import { PauseToggle } from './PauseToggle';
import { PlanHeader } from './PlanHeader';
import { PlanContext, type PlanViewProps } from './plan-context';

// React Flow (with its d3 parts) is most of the graph's code, and the pages holding a plan would
// carry it in the console's first load: it loads when a conversation page opens, or a plan shows.
const PlanCanvas = lazyComponent(() => import('./PlanCanvas').then((m) => m.PlanCanvas));

const CANVAS_LOADING = <LoadingState label="Laying out the plan…" minHeight={200} />;

/** The whole-window plan as a column: title bar, the plan's header, the canvas in the height left. */
const FULL_WINDOW_STYLES = {
  content: { display: 'flex', flexDirection: 'column' },
  body: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 },
} as const;

/** Fetches the graph view's chunk before the first plan is drawn. */
export function preloadPlanCanvas(): void {
  PlanCanvas.preload().catch(() => {});
}

/** A plan with its header (states, Pause, Clear pending, full window) and its actions on each task. */
export function PlanGraph({ chatRef, graph, replaced, live }: PlanViewProps) {
  const context = useMemo(() => ({ chatRef, graph, live }), [chatRef, graph, live]);
  const [expanded, expand] = useDisclosure(false);
  const header = (
    <PlanHeader
      chatRef={chatRef}
      graph={graph}
      replaced={replaced}
      live={live}
      onExpand={expanded ? undefined : expand.open}
    />
  );
  return (
    <PlanContext value={context}>
      <Stack gap="sm">
        {header}
        {!expanded && (
          <Suspense fallback={CANVAS_LOADING}>
            <PlanCanvas graph={graph} replaced={replaced} />
          </Suspense>
        )}
      </Stack>
      {/* The window's content does not scroll (the canvas takes the room left): a scrolled one
          slid the plan's header under the sticky title bar whenever focus or a popover moved it. */}
      <Modal opened={expanded} onClose={expand.close} fullScreen title="Plan" styles={FULL_WINDOW_STYLES}>
        <Stack gap="sm" className="pg-plan-full">
          {header}
          <Suspense fallback={CANVAS_LOADING}>
            <PlanCanvas graph={graph} replaced={replaced} full />
          </Suspense>
        </Stack>
      </Modal>
    </PlanContext>
  );
}

/**
 * The conversation's plan, live: its tasks as a graph in the order they run, what each will do
 * and its state, the plans replans replaced faded behind, and the operator's actions on it.
 */
export function PlanPanel({
  chatRef,
  view,
  onRetry,
}: {
  chatRef: ChatRef;
  view: Pick<ChatView, 'graph' | 'lastGraph' | 'replacedGraphs'>;
  onRetry: () => void;
}) {
  const { graph } = view;
  if (graph.status === 'error' && !graph.value) {
    return (
      <ErrorState
        title="The task graph could not be loaded"
        message={graph.error ?? 'Unknown error.'}
        onRetry={onRetry}
      />
    );
  }
  if (graph.status !== 'ready') return <LoadingState label="Loading the task graph…" minHeight={160} />;
  if (graph.value && graph.value.nodes.length > 0) {
    return <PlanGraph chatRef={chatRef} graph={graph.value} replaced={view.replacedGraphs} live />;
  }
  if (view.lastGraph && view.lastGraph.nodes.length > 0) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Nothing is planned now. The agent's last plan, as last seen:
        </Text>
        <PlanGraph chatRef={chatRef} graph={view.lastGraph} replaced={[]} live={false} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <PauseToggle chatRef={chatRef} />
      </Group>
      <EmptyBlock
        icon={<IconTopologyStar3 size={26} aria-hidden />}
        title="Nothing planned"
        description="The agent is idle in this chat. A message from a person starts a turn: its plan shows up here as it runs."
      />
    </Stack>
  );
}
