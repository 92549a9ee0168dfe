import { Badge, Group, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { TaskNodeView } from '../../../../../shared/domain/tasks';
import { TASK_STATUS_COLORS, TASK_STATUS_LABELS, taskKindLabel } from '../../model';
import { TaskActions } from './TaskActions';
import { TaskFailure } from './TaskFailure';
import { TaskIntentLine } from './TaskIntentLine';
import { taskKindIcon } from './task-icons';

/**
 * One task as a card of the graph: its kind and state, what it will do, retries so far, the last
 * failure, and what the operator may do to it (a replaced plan's cards show no actions).
 */
export function TaskCard({ task, live, actions }: { task: TaskNodeView; live: boolean; actions: boolean }) {
  const Icon = taskKindIcon(task.kind);
  const color = TASK_STATUS_COLORS[task.status];
  const label = taskKindLabel(task.kind);
  return (
    <div
      className="pg-plan-task"
      data-status={task.status}
      style={{ '--pg-task-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
    >
      <Group justify="space-between" gap={6} wrap="nowrap">
        {/* The status keeps its width; the name gives way, the id first, each to an ellipsis. */}
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <Icon size={16} aria-hidden className="pg-plan-task-icon" />
          <Text
            size="sm"
            fw={650}
            truncate="end"
            className="pg-plan-task-kind"
            title={label === task.kind ? task.kind : `${label} (${task.kind})`}
          >
            {label}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            ff="monospace"
            truncate="end"
            className="pg-plan-task-id"
            title={task.id}
          >
            {task.id}
          </Text>
        </Group>
        <Badge size="sm" variant="light" color={color} style={{ flex: 'none' }}>
          {TASK_STATUS_LABELS[task.status]}
        </Badge>
      </Group>
      <div className="pg-plan-task-intent">
        <TaskIntentLine task={task} live={live} />
      </div>
      <Group justify="space-between" gap={6} wrap="nowrap" className="pg-plan-task-foot">
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          {/* Down here, where the line has room: beside the status it left the name no room. */}
          {task.status === 'pending' && task.params.draft === 'awaiting' && (
            <Badge
              size="sm"
              variant="light"
              color="grape"
              title="A draft: it goes once you approve it"
              style={{ flex: 'none' }}
            >
              Draft
            </Badge>
          )}
          {task.retries > 0 && (
            <Text size="xs" c="orange" fw={600} style={{ flex: 'none' }}>
              <IconRepeat size={11} aria-hidden style={{ verticalAlign: -1, marginRight: 2 }} />
              {task.retries} {task.retries === 1 ? 'retry' : 'retries'}
            </Text>
          )}
          {task.lastError && <TaskFailure reason={task.lastError} status={task.status} />}
        </Group>
        {actions && <TaskActions task={task} />}
      </Group>
    </div>
  );
}
