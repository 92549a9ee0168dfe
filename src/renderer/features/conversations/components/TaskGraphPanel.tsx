import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBan,
  IconBrain,
  IconClock,
  IconEraser,
  IconHourglass,
  IconInbox,
  IconLockOpen,
  IconMoodSmile,
  IconPhoto,
  IconRepeat,
  IconSend,
  IconShare3,
  IconSticker,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TaskGraphView, TaskNodeView } from '../../../../shared/domain/tasks';
import { TASK_STATUSES } from '../../../../shared/domain/tasks';
import { formatDateTime } from '../../../ui/format';
import { RelativeTime } from '../../../ui/RelativeTime';
import { EmptyBlock, ErrorState, LoadingState } from '../../../ui/states';
import {
  countByStatus,
  formatCountdown,
  formatSeconds,
  hasCountdown,
  orderGraph,
  summarizeParams,
  TASK_STATUS_COLORS,
  TASK_STATUS_LABELS,
  waitRemainingMs,
} from '../model';
import type { ChatView } from '../store';

const KIND_ICONS: Record<string, typeof IconSend> = {
  received: IconInbox,
  send: IconSend,
  sticker: IconSticker,
  send_media: IconPhoto,
  react: IconMoodSmile,
  wait: IconHourglass,
  block: IconBan,
  unblock: IconLockOpen,
  'clear-conversation': IconEraser,
  xsend: IconShare3,
  think: IconBrain,
};

/** The time, ticking every second while some wait counts down and not at all otherwise. */
function useTickingNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function TaskCard({
  node,
  depth,
  now,
  live,
}: {
  node: TaskNodeView;
  depth: number;
  now: number;
  live: boolean;
}) {
  const Icon = KIND_ICONS[node.kind] ?? IconTopologyStar3;
  const color = TASK_STATUS_COLORS[node.status];
  const summary = summarizeParams(node.params);
  const remaining = live ? waitRemainingMs(node, now) : null;
  const indent = Math.min(depth, 4) * 14;

  return (
    <li style={{ listStyle: 'none', paddingLeft: indent }}>
      <div className="pg-task-indent" data-depth={Math.min(depth, 4)}>
        <article
          className="pg-task"
          data-status={node.status}
          style={{ '--pg-task-color': `var(--mantine-color-${color}-filled)` } as React.CSSProperties}
          aria-label={`${node.kind} task ${node.id}, ${TASK_STATUS_LABELS[node.status]}`}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Icon
                size={16}
                aria-hidden
                style={{ flex: 'none', color: `var(--mantine-color-${color}-filled)` }}
              />
              <Text size="sm" fw={650}>
                {node.kind}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace" truncate>
                {node.id}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
              {remaining !== null && (
                <Tooltip label={`Until ${formatDateTime(node.waitUntil!)}`}>
                  <Badge
                    size="sm"
                    variant="outline"
                    color="blue"
                    leftSection={<IconClock size={12} aria-hidden />}
                    role="timer"
                    aria-label={`${formatCountdown(remaining)} left`}
                    ff="monospace"
                  >
                    {formatCountdown(remaining)}
                  </Badge>
                </Tooltip>
              )}
              <Badge size="sm" variant="light" color={color}>
                {TASK_STATUS_LABELS[node.status]}
              </Badge>
            </Group>
          </Group>

          {(summary.text || summary.emoji || summary.delaySeconds !== null || summary.flags.length > 0) && (
            <Group gap={6} mt={6} wrap="wrap" align="center">
              {summary.emoji && (
                <Text fz={20} lh={1} aria-label={`Emoji ${summary.emoji}`}>
                  {summary.emoji}
                </Text>
              )}
              {summary.delaySeconds !== null && (
                <Badge size="sm" variant="default" leftSection={<IconHourglass size={11} aria-hidden />}>
                  {formatSeconds(summary.delaySeconds)}
                </Badge>
              )}
              {summary.flags.map((flag) => (
                <Badge key={flag} size="sm" variant="dot" color="grape">
                  {flag}
                </Badge>
              ))}
            </Group>
          )}
          {summary.text && (
            <Text
              size="sm"
              mt={6}
              lh={1.4}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              fs={node.kind === 'think' ? 'italic' : undefined}
            >
              “{summary.text}”
            </Text>
          )}
          {summary.details.length > 0 && (
            <Group gap={10} mt={6} wrap="wrap">
              {summary.details.map((detail) => (
                <Text key={detail.label} size="xs" c="dimmed">
                  {detail.label === 'reply to' && (
                    <IconArrowBackUp size={11} aria-hidden style={{ verticalAlign: -1, marginRight: 2 }} />
                  )}
                  {detail.label}{' '}
                  <Text span inherit ff="monospace" c="var(--mantine-color-text)">
                    {detail.value}
                  </Text>
                </Text>
              ))}
            </Group>
          )}
          {(node.dependsOn.length > 0 || node.retries > 0) && (
            <Group gap={10} mt={6} wrap="wrap">
              {node.dependsOn.length > 0 && (
                <Text size="xs" c="dimmed">
                  after{' '}
                  <Text span inherit ff="monospace">
                    {node.dependsOn.join(', ')}
                  </Text>
                </Text>
              )}
              {node.retries > 0 && (
                <Text size="xs" c="orange" fw={600}>
                  <IconRepeat size={11} aria-hidden style={{ verticalAlign: -1, marginRight: 2 }} />
                  {node.retries} {node.retries === 1 ? 'retry' : 'retries'}
                </Text>
              )}
            </Group>
          )}
          {node.lastError && (
            <Text size="xs" c="red" mt={6} style={{ overflowWrap: 'anywhere' }}>
              <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
              {node.lastError}
            </Text>
          )}
        </article>
      </div>
    </li>
  );
}

function GraphView({ graph, finished = false }: { graph: TaskGraphView; finished?: boolean }) {
  const now = useTickingNow(!finished && hasCountdown(graph));
  const counts = countByStatus(graph.nodes);
  const ordered = orderGraph(graph);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Graph{' '}
          <Text span inherit ff="monospace">
            {graph.id.slice(0, 12)}
          </Text>{' '}
          · planned <RelativeTime iso={graph.createdAt} />
        </Text>
        <Group gap={4} aria-label="Tasks by status">
          {TASK_STATUSES.filter((status) => counts[status] > 0).map((status) => (
            <Badge key={status} size="xs" variant="light" color={TASK_STATUS_COLORS[status]}>
              {counts[status]} {TASK_STATUS_LABELS[status].toLowerCase()}
            </Badge>
          ))}
        </Group>
      </Group>
      <Stack component="ol" gap={8} m={0} p={0} aria-label="Tasks">
        {ordered.map(({ node, depth }) => (
          <TaskCard key={node.id} node={node} depth={depth} now={now} live={!finished} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The conversation's task graph, live: each task's kind, state, what it does, and wait countdowns. */
export function TaskGraphPanel({
  view,
  onRetry,
}: {
  view: Pick<ChatView, 'graph' | 'lastGraph'>;
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
  if ((!graph.value || graph.value.nodes.length === 0) && view.lastGraph && view.lastGraph.nodes.length > 0) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Nothing is planned now. The agent's last plan, as last seen:
        </Text>
        <GraphView graph={view.lastGraph} finished />
      </Stack>
    );
  }
  if (!graph.value || graph.value.nodes.length === 0) {
    return (
      <EmptyBlock
        icon={<IconTopologyStar3 size={26} aria-hidden />}
        title="Nothing planned"
        description="The agent is idle in this chat. A message from a person starts a turn: its plan shows up here as it runs."
      />
    );
  }
  return <GraphView graph={graph.value} />;
}
