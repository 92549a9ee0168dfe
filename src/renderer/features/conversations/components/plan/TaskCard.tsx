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
  return (
    <div
      className="pg-plan-task"
      data-status={task.status}
      style={{ '--pg-task-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
    >
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Icon size={16} aria-hidden className="pg-plan-task-icon" />
          <Text size="sm" fw={650} title={task.kind}>
            {taskKindLabel(task.kind)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {task.id}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          {task.status === 'pending' && task.params.draft === 'awaiting' && (
            <Badge size="sm" variant="light" color="grape" title="A draft: it goes once you approve it">
              Draft
            </Badge>
          )}
          <Badge size="sm" variant="light" color={color}>
            {TASK_STATUS_LABELS[task.status]}
          </Badge>
        </Group>
      </Group>
      <div className="pg-plan-task-intent">
        <TaskIntentLine task={task} live={live} />
      </div>
      <Group justify="space-between" gap={6} wrap="nowrap" className="pg-plan-task-foot">
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: 1 }}>
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
