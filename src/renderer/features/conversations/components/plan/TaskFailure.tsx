import { Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TaskStatus } from '../../../../../shared/domain/tasks';

/** How the reason reads to a screen reader, by what became of the task. */
function reasonLabel(status: TaskStatus): string {
  if (status === 'failed') return 'Last failure';
  if (status === 'cancelled') return 'Why';
  return 'Retried after';
}

/**
 * The last failure, why the task was cancelled, or what a task that went on had to retry after:
 * one line on the card (red when the task failed), in full in a tooltip that hovering or focus
 * opens.
 */
export function TaskFailure({ reason, status }: { reason: string; status: TaskStatus }) {
  const failed = status === 'failed';
  return (
    <Tooltip
      label={reason}
      multiline
      w={320}
      withinPortal
      events={{ hover: true, focus: true, touch: true }}
      openDelay={200}
    >
      <Text
        component="button"
        type="button"
        className="pg-plan-failure nodrag nopan"
        size="xs"
        c={failed ? 'red' : 'dimmed'}
        truncate
        aria-label={`${reasonLabel(status)}: ${reason}`}
      >
        <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {reason}
      </Text>
    </Tooltip>
  );
}
