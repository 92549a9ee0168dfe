import { Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * The last failure or why the task was cancelled: one line on the card (red when the task
 * failed), in full in a tooltip that hovering or focus opens.
 */
export function TaskFailure({ reason, failed }: { reason: string; failed: boolean }) {
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
        aria-label={`${failed ? 'Last failure' : 'Why'}: ${reason}`}
      >
        <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
        {reason}
      </Text>
    </Tooltip>
  );
}
