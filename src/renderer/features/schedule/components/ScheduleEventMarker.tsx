import { ActionIcon, Anchor, Popover, Stack, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { ScheduleEventMark } from '../../../../shared/api/schedule-contract';
import { chatPath } from '../../conversations/paths';
import { MINUTES_PER_DAY } from '../model/timeline';

/** Where the event waits: "Ada Lovelace (Playground)". */
function conversationWords(event: ScheduleEventMark): string {
  const place = event.network === 'simulator' ? 'Playground' : 'Telegram';
  return `${event.conversationName ?? `Chat ${event.channelId}`} (${place})`;
}

/**
 * An upcoming scheduled event at its due time on the day's right edge: its intent and
 * conversation on hover, and on click with a link to the conversation.
 */
export function ScheduleEventMarker({
  agent,
  event,
  minute,
  time,
}: {
  agent: string;
  event: ScheduleEventMark;
  minute: number;
  /** Its due time in the agent's zone, "09:30". */
  time: string;
}) {
  const where = conversationWords(event);
  return (
    <Popover position="left" withArrow shadow="md" width={280}>
      <Popover.Target>
        <ActionIcon
          size="sm"
          radius="xl"
          variant="filled"
          color="grape"
          aria-label={`Event at ${time} in ${where}: ${event.intent}`}
          title={`${time} · ${where}\n${event.intent}`}
          style={{
            position: 'absolute',
            top: `calc(${(minute / MINUTES_PER_DAY) * 100}% - 11px)`,
            right: 4,
            zIndex: 3,
          }}
        >
          <IconAlarm size={14} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Event at {time}
          </Text>
          <Text size="sm">{event.intent}</Text>
          <Anchor component={Link} href={chatPath(event.network, agent, event.channelId)} size="sm">
            Open {where}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
