import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import { responsivenessLook } from '../model/responsiveness';
import {
  type ActivitySegment,
  activitySpan,
  type GapSegment,
  gapSpan,
  MINUTES_PER_DAY,
} from '../model/timeline';

/** Where a segment sits in its day column, as a share of the column's height. */
export function segmentPosition(fromMinute: number, toMinute: number): CSSProperties {
  return {
    position: 'absolute',
    top: `${(fromMinute / MINUTES_PER_DAY) * 100}%`,
    height: `${(Math.max(toMinute - fromMinute, 10) / MINUTES_PER_DAY) * 100}%`,
  };
}

/**
 * One activity's part of a day: its name, hours and responsiveness (a number and a shade, the
 * moon when asleep), outlined when it is going on now. Opens the activity's editor.
 */
export function ActivityBlock({
  segment,
  timeZone,
  current,
  compact,
  onOpen,
}: {
  segment: ActivitySegment;
  timeZone: string;
  current: boolean;
  /** The week's narrow columns: the name and number only. */
  compact: boolean;
  onOpen: (activity: ScheduleActivity) => void;
}) {
  const { activity } = segment;
  const look = responsivenessLook(activity.responsiveness);
  const span = activitySpan(activity, timeZone);
  const tall = segment.toMinute - segment.fromMinute >= 50;
  const label = `${activity.name}, ${span}, ${look.asleep ? 'asleep' : `responsiveness ${activity.responsiveness}`}${current ? ', now' : ''}`;
  return (
    <UnstyledButton
      aria-label={label}
      title={`${activity.name} · ${span} · ${look.words}${look.asleep ? '' : ` (${activity.responsiveness})`}${activity.description ? `\n${activity.description}` : ''}`}
      onClick={() => onOpen(activity)}
      data-current={current || undefined}
      style={{
        ...segmentPosition(segment.fromMinute, segment.toMinute),
        left: 2,
        right: 2,
        overflow: 'hidden',
        padding: '2px 6px',
        background: look.background,
        borderLeft: `4px solid ${look.accent}`,
        borderTopLeftRadius: segment.continuesBefore ? 0 : 6,
        borderTopRightRadius: segment.continuesBefore ? 0 : 6,
        borderBottomLeftRadius: segment.continuesAfter ? 0 : 6,
        borderBottomRightRadius: segment.continuesAfter ? 0 : 6,
        outline: current ? '2px solid var(--mantine-color-orange-filled)' : undefined,
        outlineOffset: -2,
        zIndex: 1,
      }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="xs" fw={600} lineClamp={tall ? 2 : 1} style={{ minWidth: 0 }}>
          {activity.name}
        </Text>
        <Text
          span
          size="xs"
          fw={700}
          c={look.asleep ? 'indigo' : 'teal.9'}
          style={{ flexShrink: 0, display: 'inline-flex', alignItems: 'center', gap: 2 }}
        >
          {look.asleep ? <IconMoon size={12} aria-hidden /> : activity.responsiveness}
        </Text>
      </Group>
      {tall && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {compact ? span : `${span} · ${look.words}`}
        </Text>
      )}
      {tall && current && (
        <Text size="xs" fw={700} c="orange.8">
          Now
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Free time: nothing planned. Opens a new activity's editor over it. */
export function GapBlock({
  gap,
  timeZone,
  onAdd,
}: {
  gap: GapSegment;
  timeZone: string;
  onAdd: (start: Date, end: Date) => void;
}) {
  const span = gapSpan(gap, timeZone);
  return (
    <UnstyledButton
      aria-label={`Free ${span}: add an activity`}
      title={`Nothing planned ${span}. Click to add an activity.`}
      onClick={() => onAdd(gap.start, gap.end)}
      className="schedule-gap"
      style={{
        ...segmentPosition(gap.fromMinute, gap.toMinute),
        left: 2,
        right: 2,
        borderRadius: 6,
        border: '1px dashed var(--mantine-color-default-border)',
        background:
          'repeating-linear-gradient(135deg, transparent 0 6px, var(--mantine-color-default-hover) 6px 8px)',
        padding: '2px 6px',
      }}
    >
      {gap.toMinute - gap.fromMinute >= 30 && (
        <Text size="xs" c="dimmed">
          Free
        </Text>
      )}
    </UnstyledButton>
  );
}
