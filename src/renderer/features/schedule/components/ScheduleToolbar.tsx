import { ActionIcon, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TimelineView } from '../model/timeline';
import { LiveClock } from './LiveClock';

/**
 * Above the timeline: the agent's zone and ticking clock, the day or week shown with its
 * navigation (back, today, on), Day/Week, and the actions.
 */
export function ScheduleToolbar({
  timeZone,
  title,
  view,
  onView,
  onStep,
  onToday,
  onAdd,
  extra,
}: {
  timeZone: string;
  title: string;
  view: TimelineView;
  onView: (view: TimelineView) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onAdd: () => void;
  /** More actions beside Add activity. */
  extra?: ReactNode;
}) {
  const unit = view === 'day' ? 'day' : 'week';
  return (
    <Group justify="space-between" gap="sm" align="center">
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap={4} wrap="nowrap">
          <Tooltip label={`Previous ${unit}`}>
            <ActionIcon variant="default" aria-label={`Previous ${unit}`} onClick={() => onStep(-1)}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" size="xs" onClick={onToday}>
            Today
          </Button>
          <Tooltip label={`Next ${unit}`}>
            <ActionIcon variant="default" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap">
          <IconWorld size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {timeZone}
          </Text>
          <LiveClock timeZone={timeZone} />
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Show"
          value={view}
          onChange={(value) => onView(value as TimelineView)}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          Add activity
        </Button>
        {extra}
      </Group>
    </Group>
  );
}
