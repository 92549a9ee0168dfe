import { Box, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { AgentScheduleView } from '../../../../shared/api/schedule-contract';
import type { ScheduleActivity } from '../../../../shared/domain/schedule';
import { useNow } from '../../../ui/RelativeTime';
import {
  clockTime,
  dayEventMarkers,
  daySegments,
  dayTitle,
  MINUTES_PER_DAY,
  minuteOfDay,
  type TimelineDay,
} from '../model/timeline';
import { ActivityBlock, GapBlock } from './ActivityBlock';
import { ScheduleEventMarker } from './ScheduleEventMarker';

const HOUR_PX = 44;
const DAY_PX = 24 * HOUR_PX;
const AXIS_PX = 48;
/** Narrower than this, the week's columns scroll sideways rather than squeeze their text away. */
const WEEK_COLUMN_MIN_PX = 112;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface TimelineHandlers {
  onOpen: (activity: ScheduleActivity) => void;
  onAdd: (start: Date, end: Date) => void;
}

/** The line across today at the current minute, moved on every half minute. */
function NowLine({ day, timeZone }: { day: TimelineDay; timeZone: string }) {
  const now = useNow(30_000);
  if (now < day.start || now >= day.end) return null;
  const minute = minuteOfDay(now, day, timeZone);
  return (
    <Box
      role="presentation"
      data-now-line
      style={{
        position: 'absolute',
        top: `${(minute / MINUTES_PER_DAY) * 100}%`,
        left: 0,
        right: 0,
        borderTop: '2px solid var(--mantine-color-red-filled)',
        zIndex: 2,
        pointerEvents: 'none',
      }}
    >
      <Box
        style={{
          position: 'absolute',
          left: -5,
          top: -6,
          width: 10,
          height: 10,
          borderRadius: '50%',
          background: 'var(--mantine-color-red-filled)',
        }}
      />
    </Box>
  );
}

function DayColumn({
  agent,
  day,
  schedule,
  compact,
  handlers,
}: {
  agent: string;
  day: TimelineDay;
  schedule: AgentScheduleView;
  compact: boolean;
  handlers: TimelineHandlers;
}) {
  const { timeZone } = schedule;
  return (
    <Box
      role="group"
      aria-label={dayTitle(day, true)}
      style={{
        position: 'relative',
        height: DAY_PX,
        borderLeft: '1px solid var(--mantine-color-default-border)',
        backgroundImage: `repeating-linear-gradient(to bottom, var(--mantine-color-default-border) 0 1px, transparent 1px ${HOUR_PX}px)`,
      }}
    >
      {daySegments(schedule.activities, day, timeZone).map((segment) =>
        segment.kind === 'activity' ? (
          <ActivityBlock
            key={segment.activity.id}
            segment={segment}
            timeZone={timeZone}
            current={segment.activity.id === schedule.currentId}
            compact={compact}
            onOpen={handlers.onOpen}
          />
        ) : (
          <GapBlock
            key={`gap-${segment.start.toISOString()}`}
            gap={segment}
            timeZone={timeZone}
            onAdd={handlers.onAdd}
          />
        ),
      )}
      {dayEventMarkers(schedule.events, day, timeZone).map(({ event, minute }) => (
        <ScheduleEventMarker
          key={`${event.network}/${event.channelId}/${event.id}`}
          agent={agent}
          event={event}
          minute={minute}
          time={clockTime(new Date(event.dueAt), timeZone)}
        />
      ))}
      <NowLine day={day} timeZone={timeZone} />
    </Box>
  );
}

/**
 * The days as columns of 24 wall-clock hours in the agent's zone: activities, free time, upcoming
 * events and the current time. Opens scrolled to the morning, or to now when today is shown.
 */
export function ScheduleTimeline({
  agent,
  days,
  schedule,
  handlers,
}: {
  agent: string;
  days: readonly TimelineDay[];
  schedule: AgentScheduleView;
  handlers: TimelineHandlers;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const week = days.length > 1;
  const firstDate = days[0]?.date;
  const columns = `${AXIS_PX}px repeat(${days.length}, minmax(${week ? WEEK_COLUMN_MIN_PX : 0}px, 1fr))`;

  // On each new span of days: the current hour when it shows today, else eight in the morning.
  // Only a new first day moves the view; a schedule change keeps where the operator scrolled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the days and zone are read as they are when the span changes
  useEffect(() => {
    if (!scroller.current || !firstDate) return;
    const now = new Date();
    const today = days.find((day) => now >= day.start && now < day.end);
    const minute = today ? minuteOfDay(now, today, schedule.timeZone) - 90 : 8 * 60;
    scroller.current.scrollTop = Math.max(0, (minute / MINUTES_PER_DAY) * DAY_PX);
  }, [firstDate]);

  return (
    <Box
      ref={scroller}
      tabIndex={0}
      aria-label={`Timeline in ${schedule.timeZone}`}
      style={{
        maxHeight: 'min(70vh, 720px)',
        overflow: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Box style={{ display: 'grid', gridTemplateColumns: columns, minWidth: 'fit-content' }}>
        <Box
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 4,
            gridColumn: '1 / -1',
            display: 'grid',
            gridTemplateColumns: 'subgrid',
            background: 'var(--mantine-color-body)',
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Box />
          {days.map((day) => (
            <Text key={day.date} size="xs" fw={600} ta="center" py={6} truncate>
              {dayTitle(day, false)}
            </Text>
          ))}
        </Box>
        <Box style={{ position: 'relative', height: DAY_PX }} aria-hidden>
          {HOURS.map((hour) => (
            <Text
              key={hour}
              size="xs"
              c="dimmed"
              ta="right"
              pr={6}
              style={{ position: 'absolute', top: hour * HOUR_PX - (hour === 0 ? 0 : 8), right: 0 }}
            >
              {`${String(hour).padStart(2, '0')}:00`}
            </Text>
          ))}
        </Box>
        {days.map((day) => (
          <DayColumn
            key={day.date}
            agent={agent}
            day={day}
            schedule={schedule}
            compact={week}
            handlers={handlers}
          />
        ))}
      </Box>
    </Box>
  );
}
