import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { TASK_STATUSES } from '../../../../../shared/domain/tasks';
import { IconAction } from '../../../../ui/IconAction';
import { RelativeTime } from '../../../../ui/RelativeTime';
import { countByStatus, TASK_STATUS_COLORS, TASK_STATUS_LABELS, workTasks } from '../../model';
import { ClearPendingButton } from './ClearPendingButton';
import { PauseToggle } from './PauseToggle';
import type { PlanViewProps } from './plan-context';

/** Which plan this is, its tasks by state, the replaced plans behind it, Pause and "Clear pending". */
export function PlanHeader({
  chatRef,
  graph,
  replaced,
  live,
  onExpand,
}: PlanViewProps & { onExpand: (() => void) | undefined }) {
  const counts = countByStatus(workTasks(graph.nodes));
  const pending = counts.pending + counts.active;
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        Plan{' '}
        <Text span inherit ff="monospace">
          {graph.id.slice(0, 12)}
        </Text>{' '}
        · planned <RelativeTime iso={graph.createdAt} />
        {replaced.length > 0 && (
          <Tooltip label="The plans newer messages replaced in this session, faded behind the live one">
            <Text span inherit tabIndex={0}>
              {' '}
              · {replaced.length} replaced behind
            </Text>
          </Tooltip>
        )}
      </Text>
      <Group justify="space-between" gap={6} wrap="wrap">
        <Group gap={4} aria-label="Tasks by status">
          {TASK_STATUSES.filter((status) => counts[status] > 0).map((status) => (
            <Badge key={status} size="xs" variant="light" color={TASK_STATUS_COLORS[status]}>
              {counts[status]} {TASK_STATUS_LABELS[status].toLowerCase()}
            </Badge>
          ))}
        </Group>
        <Group gap={2} wrap="nowrap" ml="auto">
          <PauseToggle chatRef={chatRef} />
          {live && pending > 0 && <ClearPendingButton chatRef={chatRef} pending={pending} />}
          {onExpand && (
            <IconAction
              label="Show the plan in the whole window"
              tooltip="Full window"
              icon={<IconArrowsMaximize size={15} aria-hidden />}
              onClick={onExpand}
            />
          )}
        </Group>
      </Group>
    </Stack>
  );
}
